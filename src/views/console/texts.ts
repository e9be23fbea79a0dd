import type { Build, Stage, Step } from '../../api/types';
import { currentLanguage, t as translate } from '../../i18n';
import { MAX_LIVE_LINE_LENGTH } from '../../machines/console/logStream.machine';
import { LOGS_SHOWN_BY_DEFAULT } from '../../machines/console/logViewer.machine';
import type { TFunction } from '../ui/i18n';
import { formatCount } from '../ui/time';

// The console's texts outside JSX, in the chosen language (English where no translator is given:
// tests and docs/spec.md quote it).

/** docs/spec.md 4.4's log footer text for the step's status. */
export function footerText(step: Step, stage: Stage, t: TFunction = translate): string {
  const error = step.error || stage.error;
  switch (step.status) {
    case 'error':
      return error ?? '';
    case 'failure':
      return t('console.exitCode', { code: formatCount(step.exit_code) });
    case 'success':
      return t('console.exitCode', { code: 0 });
    case 'running':
      return t('console.running');
    // "Step pending or waiting gives loading" (docs/spec.md 4.4): both read as pending.
    case 'pending':
    case 'waiting_on_dependencies':
      return t('console.pending');
    case 'killed':
      return t('console.killed');
    case 'skipped':
      return error ? t('console.skippedError') : t('console.skipped');
    default:
      return '';
  }
}

/** The tail window's notice (docs/spec.md 9: 250 lines by default); `total` counts no group markers. */
export function tailText(total: number, t: TFunction = translate): string {
  return t('console.tail', {
    count: total,
    total: total.toLocaleString(currentLanguage()),
    shown: LOGS_SHOWN_BY_DEFAULT,
  });
}

/** Issue 32: a long log's last lines, shown while the rest is read (its count unknown yet). */
export function tailReadingText(t: TFunction = translate): string {
  return t('console.tailReading', { shown: LOGS_SHOWN_BY_DEFAULT });
}

/** Issue 28 item 4: the live stream dropped a line past the parser's limit (1 MiB). */
export function overlongText(t: TFunction = translate): string {
  return t('console.overlong', { limit: `${MAX_LIVE_LINE_LENGTH / (1 << 20)} MiB` });
}

/** Why there is nothing to show (Drone's wording: the pipeline, else stage - step: status). */
export function noLogsText(
  build: Build,
  stage: Stage,
  step: Step,
  t: TFunction = translate,
): string {
  if (build.status === 'declined') return t('console.declined');
  return t('console.noLogs', {
    stage: stage.name,
    step: step.name,
    status: t(`status.${step.status}`),
  });
}

/** The error shown in the console body: the failed log call, else the step's error. */
export function consoleErrorText(
  fetchError: string | null,
  step: Step,
  t: TFunction = translate,
): string | undefined {
  if (fetchError) return t('console.loadFailed', { message: fetchError });
  if (step.error) return `${step.name}: ${step.error}`;
  return undefined;
}

/**
 * docs/spec.md 2.9: "the step's log blob name with the '.log' suffix". Drone's blob name is
 * logs_{namespace}_{name}_{build}_{stage}_{step} (numbers), e.g. logs_octocat_hello_42_1_2.log.
 */
export function logFileName(
  repo: { namespace: string; name: string },
  build: Build,
  stage: Stage,
  step: Step,
): string {
  return `logs_${repo.namespace}_${repo.name}_${build.number}_${stage.number}_${step.number}.log`;
}

/** The whole build's logs, named like a step's blob without stage and step: logs_octocat_hello_42.log. */
export function buildLogFileName(repo: { namespace: string; name: string }, build: Build): string {
  return `logs_${repo.namespace}_${repo.name}_${build.number}.log`;
}
