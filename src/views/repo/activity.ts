import type { Build } from '../../api/types';

// The activity line of a build (docs/spec.md 2.6, 2.9): who did what, worded per event.

/** docs/spec.md 9: commits are shown as their first 8 characters. */
export const shortSha = (sha: string) => sha.slice(0, 8);

const who = (build: Build) => build.author_login || build.sender || build.trigger || 'someone';

/**
 * Who promoted or rolled back a build: not the commit's author, whose fields the new build copies
 * from its parent. Drone records the user who asked in `trigger` (a login, never `@hook` or
 * `@cron` for these events; docs/drone-api.md 3.3, 9.2) and copies `sender` from the parent too, so a
 * login in `trigger` comes first, then `sender`.
 */
export const deployer = (build: Build) =>
  (build.trigger && !build.trigger.startsWith('@') ? build.trigger : '') ||
  build.sender ||
  who(build);

/** 'refs/pull/7/head' -> '7' (GitHub); 'refs/pull-requests/7/from' (Bitbucket) too. */
export function pullNumber(ref: string): string | undefined {
  return /^refs\/pull(?:-requests)?\/(\d+)\//.exec(ref)?.[1];
}

/** 'refs/tags/v1.2' -> 'v1.2'. */
export function tagName(ref: string): string {
  return ref.replace(/^refs\/tags\//, '');
}

/** The build a promote or rollback started from, else its commit. */
const origin = (build: Build) => (build.parent ? `#${build.parent}` : shortSha(build.after));

export function activityText(build: Build): string {
  const branch = build.target || build.source;
  switch (build.event) {
    case 'push':
      return `${who(build)} pushed ${shortSha(build.after)} to ${branch}`;
    case 'pull_request': {
      const verb = build.action === 'synchronized' ? 'synchronized' : 'opened';
      const number = pullNumber(build.ref);
      const pull = number ? `pull request #${number}` : 'a pull request';
      return `${who(build)} ${verb} ${pull} to ${branch}`;
    }
    case 'tag':
      return `${who(build)} created tag ${tagName(build.ref)}`;
    case 'promote':
      return `${deployer(build)} promoted ${origin(build)} to ${build.deploy_to ?? ''}`.trim();
    case 'rollback':
      return `${deployer(build)} rolled back ${origin(build)} to ${build.deploy_to ?? ''}`.trim();
    case 'cron':
      return `executed cron job ${build.cron ?? ''} on ${branch}`.replace('  ', ' ');
    case 'custom':
      return `${build.trigger || who(build)} created build ${shortSha(build.after)} on ${branch}`;
    default:
      return `${who(build)} triggered ${shortSha(build.after)} on ${branch}`;
  }
}
