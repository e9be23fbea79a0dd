import type { Build } from '../../api/types';
import { pullNumber, tagName } from '../repo/activity';

// The words of the Compare view (issue 19 item 6).

/** '1 h 2 min', '1 min 2 s', '3 s': a duration as a change is read aloud. */
export function spokenDuration(totalSeconds: number): string {
  const seconds = Math.round(Math.abs(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** '3 s faster', '1 min 2 s slower', 'same time'. */
export function durationChangeText(deltaSeconds: number): string {
  if (Math.round(deltaSeconds) === 0) return 'same time';
  return `${spokenDuration(deltaSeconds)} ${deltaSeconds < 0 ? 'faster' : 'slower'}`;
}

/** What the previous build was looked for among, for the 'none' message. */
export function familyText(build: Build): string {
  switch (build.event) {
    case 'pull_request': {
      const pull = pullNumber(build.ref);
      return pull ? `pull request #${pull}` : 'this pull request';
    }
    case 'promote':
    case 'rollback':
      return `deployment to ${build.deploy_to || 'this target'}`;
    case 'tag':
      return `tag build before ${tagName(build.ref)}`;
    default:
      return `build of ${build.target || 'this branch'}`;
  }
}
