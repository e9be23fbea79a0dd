import { describe, expect, it } from 'vitest';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { nextRunningStep } from './consoleFollow';

describe('where following goes when the followed step finishes (issue 29 item 2)', () => {
  const finished = makeStep(1, 'success');

  it('waits for the next step of its stage rather than leave for a running stage', () => {
    const stage = makeStage(4, 'running', { steps: [finished, makeStep(2, 'pending')] });
    const other = makeStage(5, 'running', { steps: [makeStep(1, 'running')] });
    const build = makeBuild({ stages: [stage, other] });
    expect(nextRunningStep(build, stage, finished)).toBeUndefined();
    const started = { ...stage, steps: [finished, makeStep(2, 'running')] };
    expect(nextRunningStep(build, started, finished)).toEqual({ stage: 4, step: 2 });
  });

  it('goes on into a later running stage once its own stage is done', () => {
    const stage = makeStage(4, 'success', { steps: [finished, makeStep(2, 'skipped')] });
    const other = makeStage(5, 'running', {
      steps: [makeStep(1, 'success'), makeStep(2, 'running')],
    });
    expect(nextRunningStep(makeBuild({ stages: [stage, other] }), stage, finished)).toEqual({
      stage: 5,
      step: 2,
    });
  });
});
