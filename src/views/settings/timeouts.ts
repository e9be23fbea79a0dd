import { t as translate } from '../../i18n';
import type { TFunction } from '../ui';
import '../../i18n/en/settings';

/** docs/spec.md 9: the timeout choices, in minutes. */
export const TIMEOUT_CHOICES = [
  15, 30, 60, 90, 120, 180, 240, 300, 360, 420, 480, 540, 600, 660, 720, 1080, 1440, 2880, 4320,
] as const;

/** docs/spec.md 9: a value over 90 is shown in hours (value / 60), otherwise in minutes. */
export function timeoutLabel(minutes: number, t: TFunction = translate): string {
  return minutes > 90
    ? t('settings.general.hours', { count: minutes / 60 })
    : t('settings.general.minutes', { count: minutes });
}

/**
 * The select's options. A repository whose timeout is not one of the choices (set through
 * the API) keeps its value as an extra option rather than silently showing another.
 */
export function timeoutOptions(
  current: number,
  t: TFunction = translate,
): Array<{ value: string; label: string }> {
  const values: number[] = [...TIMEOUT_CHOICES];
  if (!values.includes(current)) values.push(current);
  return values
    .sort((a, b) => a - b)
    .map((value) => ({ value: String(value), label: timeoutLabel(value, t) }));
}
