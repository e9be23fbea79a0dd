import type { Build, Stage, Step } from '../../../api/types';
import { LOGS_SHOWN_BY_DEFAULT } from '../../../machines/build/logViewer.machine';

/** docs/spec.md 4.4's log footer text for the step's status. */
export function footerText(step: Step, stage: Stage): string {
  const error = step.error || stage.error;
  switch (step.status) {
    case 'error':
      return error ?? '';
    case 'failure':
      return `Exit Code ${step.exit_code}`;
    case 'success':
      return 'Exit Code 0';
    case 'running':
      return 'Step is running...';
    // "Step pending or waiting gives loading" (docs/spec.md 4.4): both read as pending.
    case 'pending':
    case 'waiting_on_dependencies':
      return 'Step is pending';
    case 'killed':
      return 'Step is killed (canceled)';
    case 'skipped':
      return error ? 'Skipped due to error' : 'Skipped';
    default:
      return '';
  }
}

/** The tail window's notice (docs/spec.md 9: 250 lines by default); `total` counts no group markers. */
export function tailText(total: number): string {
  return `Showing the last ${LOGS_SHOWN_BY_DEFAULT} of ${total.toLocaleString('en')} lines`;
}

/** Why there is nothing to show (Drone's wording: the pipeline, else stage - step: status). */
export function noLogsText(build: Build, stage: Stage, step: Step): string {
  if (build.status === 'declined') return 'This pipeline was declined';
  return `${stage.name} - ${step.name}: ${step.status}`;
}

/** The error shown in the console body: the failed log call, else the step's error. */
export function consoleErrorText(fetchError: string | null, step: Step): string | undefined {
  if (fetchError) return `Unable to load the log: ${fetchError}`;
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
