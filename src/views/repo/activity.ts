import type { Build } from '../../api/types';
import { t as translate } from '../../i18n';
import type { TFunction } from '../ui/i18n';

// The activity line of a build (docs/spec.md 2.6, 2.9): who did what, worded per event.

/** docs/spec.md 9: commits are shown as their first 8 characters. */
export const shortSha = (sha: string) => sha.slice(0, 8);

const who = (build: Build, t: TFunction = translate) =>
  build.author_login || build.sender || build.trigger || t('repo.activity.someone');

/**
 * Who promoted or rolled back a build: not the commit's author, whose fields the new build copies
 * from its parent. Drone records the user who asked in `trigger` (a login, never `@hook` or
 * `@cron` for these events; docs/drone-api.md 3.3, 9.2) and copies `sender` from the parent too, so a
 * login in `trigger` comes first, then `sender`.
 */
export const deployer = (build: Build, t: TFunction = translate) =>
  (build.trigger && !build.trigger.startsWith('@') ? build.trigger : '') ||
  build.sender ||
  who(build, t);

/** Who a custom build's line credits: the user who created it (`trigger`), else its author. */
const creator = (build: Build, t: TFunction = translate) => build.trigger || who(build, t);

/**
 * The avatar beside the activity line: the person the line names (issue 29 item 9). Drone has an
 * image of the commit's author only (`author_avatar`), so anyone else (who promoted, who created
 * the build) shows as their initial. A cron line names nobody: its avatar is the commit's author.
 */
export function activityAvatar(
  build: Build,
  t: TFunction = translate,
): { name: string; src?: string } {
  const name =
    build.event === 'promote' || build.event === 'rollback'
      ? deployer(build, t)
      : build.event === 'custom'
        ? creator(build, t)
        : who(build, t);
  return { name, src: name === build.author_login ? build.author_avatar : undefined };
}

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

/** The activity line in the chosen language (English where no translator is given). */
export function activityText(build: Build, t: TFunction = translate): string {
  const branch = build.target || build.source;
  const sha = shortSha(build.after);
  const someone = who(build, t);
  switch (build.event) {
    case 'push':
      return t('repo.activity.push', { who: someone, sha, branch });
    case 'pull_request': {
      const number = pullNumber(build.ref);
      const synchronized = build.action === 'synchronized';
      if (!number) {
        return synchronized
          ? t('repo.activity.pullSynchronizedUnnumbered', { who: someone, branch })
          : t('repo.activity.pullOpenedUnnumbered', { who: someone, branch });
      }
      return synchronized
        ? t('repo.activity.pullSynchronized', { who: someone, number, branch })
        : t('repo.activity.pullOpened', { who: someone, number, branch });
    }
    case 'tag':
      return t('repo.activity.tag', { who: someone, tag: tagName(build.ref) });
    case 'promote':
    case 'rollback': {
      const values = {
        who: deployer(build, t),
        origin: origin(build),
        target: build.deploy_to ?? '',
      };
      const text =
        build.event === 'promote'
          ? t('repo.activity.promote', values)
          : t('repo.activity.rollback', values);
      return text.trim();
    }
    case 'cron':
      return t('repo.activity.cron', { cron: build.cron ?? '', branch }).replace('  ', ' ');
    case 'custom':
      return t('repo.activity.custom', { who: creator(build, t), sha, branch });
    default:
      return t('repo.activity.other', { who: someone, sha, branch });
  }
}
