import { describe, expect, it } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import { isRestart } from './restart';

describe('isRestart (the header keeps the attempt line its room)', () => {
  it('is a build with a parent under the same kind of event', () => {
    expect(isRestart(makeBuild({ parent: 10, event: 'push' }))).toBe(true);
    expect(isRestart(makeBuild({ parent: 10, event: 'cron' }))).toBe(true);
  });

  it('is not a first attempt, a promotion or a rollback', () => {
    expect(isRestart(makeBuild({ event: 'push' }))).toBe(false);
    expect(isRestart(makeBuild({ parent: 0, event: 'push' }))).toBe(false);
    expect(isRestart(makeBuild({ parent: 10, event: 'promote' }))).toBe(false);
    expect(isRestart(makeBuild({ parent: 10, event: 'rollback' }))).toBe(false);
  });
});
