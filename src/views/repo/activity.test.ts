import { describe, expect, it } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import { activityText, pullNumber, shortSha } from './activity';

const sha = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

describe('activity wording per event', () => {
  it('push', () => {
    const build = makeBuild({ event: 'push', author_login: 'jane', after: sha, target: 'main' });
    expect(activityText(build)).toBe('jane pushed a1b2c3d4 to main');
  });

  it('pull_request opened and synchronized', () => {
    const pull = { event: 'pull_request', ref: 'refs/pull/42/head', target: 'main' };
    expect(activityText(makeBuild({ ...pull, action: 'opened', author_login: 'bob' }))).toBe(
      'bob opened pull request #42 to main',
    );
    expect(activityText(makeBuild({ ...pull, action: 'synchronized', author_login: 'bob' }))).toBe(
      'bob synchronized pull request #42 to main',
    );
  });

  it('tag', () => {
    const build = makeBuild({ event: 'tag', ref: 'refs/tags/v1.2.0', author_login: 'ann' });
    expect(activityText(build)).toBe('ann created tag v1.2.0');
  });

  it('promote and rollback name the parent build and the environment', () => {
    const deploy = { parent: 7, deploy_to: 'production', author_login: 'ops' };
    expect(activityText(makeBuild({ ...deploy, event: 'promote' }))).toBe(
      'ops promoted #7 to production',
    );
    expect(activityText(makeBuild({ ...deploy, event: 'rollback' }))).toBe(
      'ops rolled back #7 to production',
    );
  });

  it('cron and custom', () => {
    expect(activityText(makeBuild({ event: 'cron', cron: 'nightly', target: 'main' }))).toBe(
      'executed cron job nightly on main',
    );
    const custom = makeBuild({ event: 'custom', trigger: 'admin', after: sha, target: 'dev' });
    expect(activityText(custom)).toBe('admin created build a1b2c3d4 on dev');
  });

  it('helpers', () => {
    expect(shortSha(sha)).toBe('a1b2c3d4');
    expect(pullNumber('refs/pull-requests/9/from')).toBe('9');
    expect(pullNumber('refs/heads/main')).toBeUndefined();
  });
});
