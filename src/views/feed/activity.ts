import type { Build } from '../../api/types';
import { t as translate } from '../../i18n';
import type { TFunction } from '../ui/i18n';
import { deployer } from '../repo/activity';
import '../../i18n/en/feed';

/** The tag or branch name a ref points at: refs/tags/v1 -> v1, refs/heads/main -> main. */
function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

/**
 * One line saying who did what where: 'octocat pushed to main'. Components pass their `t`, so a
 * language switch re-renders the line.
 */
export function activityOf(build: Build, t: TFunction = translate): string {
  const who = build.author_login || build.sender || build.trigger;
  const target = build.target;
  switch (build.event) {
    case 'push':
      return t('feed.activity.push', { who, target });
    case 'pull_request':
      return build.action === 'synchronized'
        ? t('feed.activity.pullRequestUpdated', { who, target })
        : t('feed.activity.pullRequestOpened', { who, target });
    case 'tag':
      return t('feed.activity.tag', { who, tag: shortRef(build.ref) });
    case 'promote':
    case 'rollback': {
      const values = {
        who: deployer(build),
        parent: build.parent ?? '',
        target: build.deploy_to ?? '',
      };
      return t(`feed.activity.${build.event}`, values).trim();
    }
    case 'cron':
      return t('feed.activity.cron', { cron: build.cron ?? '', target }).replace('  ', ' ');
    case 'custom':
      return t('feed.activity.custom', { who, target });
    default:
      return t('feed.activity.other', { who, event: build.event, target });
  }
}
