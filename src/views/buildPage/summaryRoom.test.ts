import { describe, expect, it } from 'vitest';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { summaryRoom } from './summaryRoom';

// The failure summary's room, from the build alone (issue 32): its height at 1280 px, at most 40%
// of the window.
describe('summaryRoom', () => {
  it('keeps none on a build that is not red', () => {
    expect(summaryRoom(makeBuild({ status: 'success' }))).toBeUndefined();
    expect(summaryRoom(makeBuild({ status: 'running' }))).toBeUndefined();
  });

  it('keeps the heading and each failed step with three error lines (148 px for one)', () => {
    const stages = [
      makeStage(1, 'failure', {
        steps: [
          makeStep(1, 'success'),
          makeStep(2, 'failure'),
          makeStep(3, 'failure', { errignore: true }),
        ],
      }),
    ];
    expect(summaryRoom(makeBuild({ status: 'failure', stages }))).toBe('min(148px, 40vh)');
  });

  it("adds each error banner by its text's lines, and a step's own error", () => {
    const stages = [
      makeStage(1, 'error', { error: 'image not found' }),
      makeStage(2, 'failure', { steps: [makeStep(1, 'error', { error: 'oom' })] }),
    ];
    // 52 + (8 + 41 + 21) + (8 + 88 + 25)
    expect(summaryRoom(makeBuild({ status: 'error', stages }))).toBe('min(243px, 40vh)');
    // A YAML error of three lines, no stages: 52 + 8 + 41 + 63.
    expect(summaryRoom(makeBuild({ status: 'error', error: 'a\nb\nc', stages: [] }))).toBe(
      'min(164px, 40vh)',
    );
  });

  it('keeps a line for a red build with neither error nor failed step (killed)', () => {
    expect(summaryRoom(makeBuild({ status: 'killed', stages: [] }))).toBe('min(81px, 40vh)');
  });
});
