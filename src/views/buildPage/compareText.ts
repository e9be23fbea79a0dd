import type { Build } from '../../api/types';
import { t as translate } from '../../i18n';
import { pullNumber, tagName } from '../repo/activity';
import type { TFunction } from '../ui/i18n';
import '../../i18n/en/buildViews';

// The words of the Compare view (issue 19 item 6), in the chosen language (English where no
// translator is given).

/** '1 h 2 min', '1 min 2 s', '3 s': a duration as a change is read aloud. */
export function spokenDuration(totalSeconds: number, t: TFunction = translate): string {
  const seconds = Math.round(Math.abs(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? t('build.compare.hm', { h, m }) : t('build.compare.h', { h });
  if (m > 0) return s > 0 ? t('build.compare.ms', { m, s }) : t('build.compare.m', { m });
  return t('build.compare.s', { s });
}

/** '3 s faster', '1 min 2 s slower', 'same time'. */
export function durationChangeText(deltaSeconds: number, t: TFunction = translate): string {
  if (Math.round(deltaSeconds) === 0) return t('build.compare.sameTime');
  const duration = spokenDuration(deltaSeconds, t);
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
