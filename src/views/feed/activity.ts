import type { Build } from '../../api/types';
import { deployer } from '../repo/activity';

/** The tag or branch name a ref points at: refs/tags/v1 -> v1, refs/heads/main -> main. */
function shortRef(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

/** One line saying who did what where: 'octocat pushed to main'. */
export function activityOf(build: Build): string {
  const who = build.author_login || build.sender || build.trigger;
  switch (build.event) {
    case 'push':
      return `${who} pushed to ${build.target}`;
    case 'pull_request':
      return build.action === 'synchronized'
        ? `${who} updated a pull request to ${build.target}`
        : `${who} opened a pull request to ${build.target}`;
    case 'tag':
      return `${who} created tag ${shortRef(build.ref)}`;
    case 'promote':
      return `${deployer(build)} promoted #${build.parent ?? ''} to ${build.deploy_to ?? ''}`.trim();
    case 'rollback':
      return `${deployer(build)} rolled back #${build.parent ?? ''} to ${build.deploy_to ?? ''}`.trim();
    case 'cron':
      return `cron job ${build.cron ?? ''} ran on ${build.target}`.replace('  ', ' ');
    case 'custom':
      return `${who} started a build on ${build.target}`;
    default:
      return `${who} triggered ${build.event} on ${build.target}`;
  }
}
