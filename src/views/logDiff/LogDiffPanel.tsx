import type { Build, Stage, Step } from '../../api/types';
import { onDemand } from '../../boot/OnDemand';
import type { LogDiffInput } from '../../machines/logDiff/logDiff.machine';

// Issue 30 item 5: the log diff's place under a step's console (views/buildPage/StepPanel.tsx
// loads this after a build page's first lines). It imports nothing the first screen has not,
// so the page's hook names one file; the panel's code loads for a failed step only.

const StepLogDiff = onDemand(() => import('./StepLogDiff').then((m) => m.StepLogDiff), null);

/** docs/drone-api.md 9.1 `IsFailed`: the steps whose log is worth comparing with a green run. */
const FAILED = /^(failure|error|killed)$/;

export function LogDiffPanel(props: {
  repo: LogDiffInput['repo'];
  build: Build;
  stage: Stage;
  step: Step;
}) {
  const { build, stage, step } = props;
  if (!FAILED.test(step.status)) return null;
  // A new actor for each step: the comparison belongs to one.
  return <StepLogDiff key={`${build.number}/${stage.number}/${step.number}`} {...props} />;
}
