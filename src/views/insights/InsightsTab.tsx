import { useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { Repository } from '../../api/types';
import { filterChoices, parseBuildFilter } from '../../machines/repo/buildFilter';
import {
  buildFigures,
  MIN_RUNS,
  spread,
  topFlakySteps,
  type Spread,
  type StepRun,
} from '../../machines/insights/stats';
import { BuildFilters } from '../repo/BuildFilters';
import { formatDuration, LoadFailed, Loading, styled, UserText, useT, type TFunction } from '../ui';
import { useQueryParams } from '../useQueryParams';
import { AttemptLinks } from './AttemptLinks';
import { Sparkline } from './Sparkline';
import { spreadText } from './spreadText';
import { useBuildHistory } from './useBuildHistory';
import '../../i18n/en/repo';
import '../../i18n/en/insights';

// Issue 31 parts 1-2: the repository's Insights tab. What it measures is in the URL query like the
// builds list's filters (`?branch=main&event=push&last=100`), so a link shares the same figures.

export const LAST_COUNTS = [50, 100] as const;
const SLOWEST_STEPS = 10;

export function lastCountOf(query: URLSearchParams): number {
  return Number(query.get('last')) === 100 ? 100 : 50;
}

export function InsightsTab({ repo }: { repo: Repository }) {
  const t = useT();
  const query = useQueryParams();
  const [path] = useLocation();
  const { branch, event } = useMemo(() => parseBuildFilter(query), [query]);
  const count = lastCountOf(query);
  const ref = { namespace: repo.namespace, name: repo.name };
  const { actor, state, history } = useBuildHistory({ ref, filter: { branch, event }, count });
  const figures = useMemo(() => buildFigures(history.builds), [history.builds]);
  const flaky = useMemo(
    () => topFlakySteps(history.builds, history.loadedAt),
    [history.builds, history.loadedAt],
  );
  const slowest = useMemo(() => slowestSteps(history.runs), [history.runs]);
  const choices = useMemo(() => filterChoices(history.listed), [history.listed]);

  const countHref = (last: number) => {
    const next = new URLSearchParams(query);
    if (last === 50) next.delete('last');
    else next.set('last', String(last));
    const text = next.toString();
    return text ? `${path}?${text}` : path;
  };

  return (
    <section aria-label={t('insights.title')}>
      <BuildFilters
        filter={{ branch, event }}
        query={query}
        keys={['branch', 'event']}
        {...choices}
      />
      <Counts aria-label={t('insights.last.label')}>
        {LAST_COUNTS.map((last) => (
          <Link
            key={last}
            href={countHref(last)}
            aria-current={last === count ? 'true' : undefined}
          >
            {t('insights.last.count', { count: last })}
          </Link>
        ))}
      </Counts>
      {state === 'failed' ? (
        <LoadFailed
          message={history.error ?? ''}
          onRetry={() => actor.send({ type: 'history.retry' })}
        />
      ) : state !== 'ready' ? (
        <Loading />
      ) : (
        <div data-testid="insights-charts">
          <Figures>
            <Figure>
              <h3>{t('insights.successRate')}</h3>
              {figures.successRate === null || figures.counted < MIN_RUNS ? (
                <p>{t('insights.tooLittleData', { count: figures.counted })}</p>
              ) : (
                <>
                  <strong>{Math.round(figures.successRate * 100)}%</strong>
                  <p>{t('insights.ofBuilds', { count: figures.counted })}</p>
                </>
              )}
            </Figure>
            <SpreadFigure t={t} title={t('insights.duration')} spread={figures.duration} />
            <SpreadFigure t={t} title={t('insights.queue')} spread={figures.queue} />
          </Figures>
          <h3>{t('insights.flaky.title')}</h3>
          {flaky.length ? (
            <List>
              {flaky.map((step) => (
                <li key={`${step.stage}/${step.step}`}>
                  <UserText>{`${step.stage} / ${step.step}`}</UserText>{' '}
                  <span>
                    {t('insights.flaky.summary', {
                      failed: step.failed,
                      passed: step.passedOnRetry,
                    })}
                  </span>{' '}
                  <AttemptLinks repo={ref} attempts={step.attempts} />
                </li>
              ))}
            </List>
          ) : (
            <p>
              {history.builds.length < MIN_RUNS
                ? t('insights.flaky.tooLittleData', { count: history.builds.length })
                : t('insights.flaky.none', { count: history.builds.length })}
            </p>
          )}
          <h3>{t('insights.slowest.title')}</h3>
          <List>
            {slowest.map(({ key, stage, step, durations, figures }) => (
              <li key={key}>
                <Sparkline
                  values={durations}
                  median={figures.median}
                  p95={figures.p95}
                  label={spreadText(t, figures)}
                />
                <UserText>{`${stage} / ${step}`}</UserText> <Muted>{spreadText(t, figures)}</Muted>
              </li>
            ))}
          </List>
          <Muted as="p">{t('insights.requests', { count: history.requests })}</Muted>
        </div>
      )}
    </section>
  );
}

function SpreadFigure({
  t,
  title,
  spread: figures,
}: {
  t: TFunction;
  title: string;
  spread: Spread;
}) {
  return (
    <Figure>
      <h3>{title}</h3>
      {figures.median === null || figures.p95 === null || figures.count < MIN_RUNS ? (
        <p>{t('insights.tooLittleData', { count: figures.count })}</p>
      ) : (
        <>
          <strong>{formatDuration(figures.median)}</strong>
          <p>{t('insights.p95', { p95: formatDuration(figures.p95) })}</p>
        </>
      )}
    </Figure>
  );
}

/** The steps with the longest p95, each with its durations oldest first. */
function slowestSteps(runs: Map<string, StepRun[]>) {
  const rows = [...runs].map(([key, list]) => {
    const [stage, step] = JSON.parse(key) as [string, string];
    const durations = list.map((run) => run.duration).filter((d): d is number => d !== null);
    return { key, stage, step, durations, figures: spread(durations) };
  });
  return rows
    .filter((row) => row.figures.p95 !== null)
    .sort((a, b) => b.figures.p95! - a.figures.p95!)
    .slice(0, SLOWEST_STEPS);
}

const Counts = styled('nav', {
  display: 'flex',
  gap: '$3',
  marginBottom: '$3',
  fontSize: '$2',
  '[aria-current]': { fontWeight: 600, color: '$text' },
});
const Figures = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
  gap: '$3',
  marginBottom: '$3',
  '@mobile': { gridTemplateColumns: '1fr' },
});
const Figure = styled('section', {
  border: '1px solid $border',
  borderRadius: '$3',
  padding: '$3',
  h3: { margin: 0, fontSize: '$2', color: '$textMuted' },
  strong: { fontSize: '$5' },
  p: { margin: 0, color: '$textMuted', fontSize: '$1' },
});
const List = styled('ul', {
  listStyle: 'none',
  padding: 0,
  li: { display: 'flex', alignItems: 'center', gap: '$2', flexWrap: 'wrap', padding: '$1 0' },
});
const Muted = styled('span', { color: '$textMuted', fontSize: '$1' });
