import { describe, expect, it } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import { activityOf } from '../feed/activity';
import { activityAvatar, activityText, pullNumber, shortSha } from './activity';

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

  it('promote and rollback credit who did it (not the commit author), the parent build and the environment', () => {
    // Drone copies author and sender from the parent; `trigger` is the user who promoted.
    const copied = { parent: 7, deploy_to: 'prod', author_login: 'dev', sender: 'dev' };
    const promote = makeBuild({ ...copied, event: 'promote', trigger: 'ops' });
    expect(activityText(promote)).toBe('ops promoted #7 to prod');
    expect(activityOf(promote)).toBe('ops promoted #7 to prod');
    const rollback = makeBuild({ ...copied, event: 'rollback', trigger: 'ops' });
    expect(activityText(rollback)).toBe('ops rolled back #7 to prod');
    expect(activityOf(rollback)).toBe('ops rolled back #7 to prod');
    // Without a user login in trigger, the sender still comes before the author.
    const bySender = makeBuild({ ...copied, sender: 'ann', event: 'promote', trigger: '@hook' });
    expect(activityText(bySender)).toBe('ann promoted #7 to prod');
  });

  it('pairs the line with the avatar of the person it names (issue 29 item 9)', () => {
    const author = {
      author_login: 'dev',
      author_avatar: 'https://a.example/dev.png',
      sender: 'dev',
    };
    const promote = makeBuild({ ...author, event: 'promote', trigger: 'member', parent: 7 });
    expect(activityAvatar(promote)).toEqual({ name: 'member', src: undefined });
    const custom = makeBuild({ ...author, event: 'custom', trigger: 'admin' });
    expect(activityAvatar(custom)).toEqual({ name: 'admin', src: undefined });
    const ownPromote = makeBuild({ ...author, event: 'promote', trigger: 'dev', parent: 7 });
    expect(activityAvatar(ownPromote)).toEqual({ name: 'dev', src: author.author_avatar });
    const push = makeBuild({ ...author, event: 'push' });
    expect(activityAvatar(push)).toEqual({ name: 'dev', src: author.author_avatar });
  });

  it('cron and custom', () => {
    const cron = makeBuild({ event: 'cron', cron: 'nightly', target: 'main' });
    expect(activityText(cron)).toBe('executed cron job nightly on main');
    // The feed says it the same way (one way to say each thing).
    expect(activityOf(cron)).toBe(activityText(cron));
    const custom = makeBuild({ event: 'custom', trigger: 'admin', after: sha, target: 'dev' });
    expect(activityText(custom)).toBe('admin created build a1b2c3d4 on dev');
  });

  it('helpers', () => {
    expect(shortSha(sha)).toBe('a1b2c3d4');
    expect(pullNumber('refs/pull-requests/9/from')).toBe('9');
    expect(pullNumber('refs/heads/main')).toBeUndefined();
  });
});
