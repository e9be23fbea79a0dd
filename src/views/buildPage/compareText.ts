import type { Build } from '../../api/types';
import { t as translate } from '../../i18n';
import { pullNumber, tagName } from '../repo/activity';
import type { TFunction } from '../ui/i18n';
import { formatDuration } from '../ui/time';
import '../../i18n/en/buildViews';

// The words of the Compare view (issue 19 item 6), in the chosen language (English where no
// translator is given).

/** '3s faster', '1m 02s slower', 'same time': durations written as everywhere else. */
export function durationChangeText(deltaSeconds: number, t: TFunction = translate): string {
  if (Math.round(deltaSeconds) === 0) return t('build.compare.sameTime');
  const duration = formatDuration(Math.round(Math.abs(deltaSeconds)));
  return deltaSeconds < 0
    ? t('build.compare.faster', { duration })
    : t('build.compare.slower', { duration });
}

/**
 * The comparison in one line: how many steps got faster or slower, and new failures; 'No step
 * faster or slower' when every step took the same time (never '0 steps
 * faster, 0 steps slower').
 */
export function summaryText(
  steps: readonly { deltaSeconds?: number | null }[],
  newFailures: number,
  t: TFunction = translate,
): string {
  const faster = steps.filter((step) => (step.deltaSeconds ?? 0) < 0).length;
  const slower = steps.filter((step) => (step.deltaSeconds ?? 0) > 0).length;
  const parts = [
    faster ? t('build.compare.stepsFaster', { count: faster }) : '',
    slower ? t('build.compare.stepsSlower', { count: slower }) : '',
    faster || slower ? '' : t('build.compare.sameTimes'),
    newFailures ? t('build.compare.newFailures', { count: newFailures }) : '',
  ];
  return parts.filter(Boolean).join(t('build.compare.separator'));
}

/** What the previous build was looked for among, for the 'none' message. */
export function familyText(build: Build, t: TFunction = translate): string {
  switch (build.event) {
    case 'pull_request': {
      const pull = pullNumber(build.ref);
      return pull ? t('build.compare.family.pull', { pull }) : t('build.compare.family.thisPull');
    }
    case 'promote':
    case 'rollback':
      return build.deploy_to
        ? t('build.compare.family.deployment', { target: build.deploy_to })
        : t('build.compare.family.thisDeployment');
    case 'tag':
      return t('build.compare.family.tag', { tag: tagName(build.ref) });
    default:
      return build.target
        ? t('build.compare.family.branch', { branch: build.target })
        : t('build.compare.family.thisBranch');
  }
}
