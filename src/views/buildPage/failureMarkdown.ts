import '../../i18n/en/triage';
import type { Build } from '../../api/types';
import type { SummaryStep } from '../../machines/buildPage/failureSummary.machine';
import { exitHintOf } from '../../machines/buildPage/failureSummary';
import { statusLabel, type TFunction } from '../ui';
import { elapsedSeconds, formatDuration } from '../ui/time';

// "Copy as Markdown" (issue 30 item 2): the failure summary as an issue report, in the language
// shown. Server texts go in code spans or fenced blocks, so Markdown never renders them.

/** A fence longer than any run of backticks in `text`. */
const fence = (text: string) =>
  '`'.repeat(Math.max(3, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
const code = (text: string) => {
  const ticks = '`'.repeat(Math.max(1, ...[...text.matchAll(/`+/g)].map((m) => m[0].length + 1)));
  return `${ticks} ${text.replace(/\s+/g, ' ')} ${ticks}`;
};
const block = (text: string) => `${fence(text)}\n${text}\n${fence(text)}`;

export function failureMarkdown(
  t: TFunction,
  {
    slug,
    url,
    build,
    steps,
  }: { slug: string; url: string; build: Build; steps: readonly SummaryStep[] },
): string {
  const parts = [
    `### ${t('build.triage.md.heading', { number: build.number, slug, status: statusLabel(build.status, t) })}`,
    '',
    `${t('build.triage.md.link')}: <${url}>`,
  ];
  if (build.error)
    parts.push('', `**${t('build.triage.summary.buildError')}**`, '', block(build.error));
  for (const stage of build.stages ?? []) {
    if (stage.error)
      parts.push(
        '',
        `**${t('build.triage.summary.stageError', { stage: stage.name })}**`,
        '',
        block(stage.error),
      );
  }
  for (const { stage, step, digest, failure } of steps) {
    const duration = formatDuration(elapsedSeconds(step.started, step.stopped, Date.now()));
    parts.push(
      '',
      `- ${t('build.triage.md.step', { stage: code(stage.name), step: code(step.name), code: step.exit_code, duration })}`,
    );
    const hint = exitHintOf(step.exit_code);
    if (hint) parts.push(`  ${t(`build.triage.hint.${hint}`)}`);
    if (step.error) parts.push(`  ${code(step.error)}`);
    if (failure)
      parts.push(
        `  ${t('build.triage.summary.logFailed', { message: t(failure.key, failure.values) })}`,
      );
    if (digest?.dropped)
      parts.push(`  ${t('build.triage.summary.truncated', { count: digest.dropped })}`);
    if (digest?.errorLines.length) {
      const lines = digest.errorLines.map((line) => `L${line.number}: ${line.text}`).join('\n');
      parts.push('', block(lines).replace(/^/gm, '  '));
    }
  }
  return parts.join('\n');
}
