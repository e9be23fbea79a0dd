import { useSelector } from '@xstate/react';
import type { ComponentProps } from 'react';
import { onDemand } from '../../boot/OnDemand';
import type { consoleMachine } from '../../machines/console/console.machine';
import { selectConsoleState } from '../console/selectors';
import { Triage, type TriageProps } from '../console/triage';
import { BuildInsight } from '../insights/onBuildPage';
import { LogDiffPanel } from '../logDiff/LogDiffPanel';
import type { TestResultsInput } from '../../machines/console/testResults.machine';
import type { ActorRefFrom } from 'xstate';

// What ./extras.ts loads: each part by its name, its code loaded when it shows.

const TestsPanel = onDemand(
  () => import('../console/tests/TestsPanel').then((m) => m.TestsPanel),
  null,
);

type TestsProps = { part: 'tests'; log: ActorRefFrom<typeof consoleMachine> } & Omit<
  TestResultsInput,
  'log'
>;

export type ExtraProps =
  | TriageProps
  | ComponentProps<typeof BuildInsight>
  | ({ part: 'logDiff' } & ComponentProps<typeof LogDiffPanel>)
  | TestsProps;

/** Issue 30 item 4: test results, read once the whole log is in (or from the step's card). */
function StepTests({ part: _part, ...props }: TestsProps) {
  const resolved = useSelector(
    props.log,
    (snapshot) => selectConsoleState(snapshot) === 'resolved',
  );
  return resolved || props.step.schema ? <TestsPanel key={props.step.id} {...props} /> : null;
}

export function Extra(props: ExtraProps) {
  switch (props.part) {
    case 'summary':
    case 'annotations':
      return <Triage {...props} />;
    case 'attempts':
    case 'stepMark':
    case 'step':
      return <BuildInsight {...props} />;
    case 'logDiff':
      return <LogDiffPanel {...props} />;
    case 'tests':
      return <StepTests {...props} />;
  }
}
