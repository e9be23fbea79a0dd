import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Repository } from '../../api/types';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import type { HealthSort, RepoHealth } from '../../machines/insights/health';
import {
  repoHealthMachine,
  selectHealthError,
  selectHealthRows,
  selectHealthSort,
  selectHealthState,
} from '../../machines/insights/repoHealth.machine';
import { buildHref, repoHref } from '../buildPage/paths';
import {
  Button,
  formatDuration,
  LoadFailed,
  Loading,
  SectionTitle,
  useNow,
  UserText,
  useT,
} from '../ui';
import { formatRelative } from '../ui/time';
import { Table, TableScroll } from '../ui/Table';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { showInvisibles } from '../../text/invisibles';
import '../../i18n/en/insights';

// Issue 31 part 3: the dashboard's "Repository health": the user's active repositories, the worst
// first by failure rate or p95 duration, which default branches are red and since when.

const SORTS: readonly HealthSort[] = ['failureRate', 'p95'];

type DashboardRef = ActorRefFrom<typeof dashboardMachine>;
const selectDashboardRepos = (snapshot: { context: { repos: Repository[] } }) =>
  snapshot.context.repos;

export function RepoHealthSection({ dashboard }: { dashboard: DashboardRef }) {
  const t = useT();
  const actor = useInspectedActorRef(repoHealthMachine);
  const repos = useSelector(dashboard, selectDashboardRepos);
  useEffect(() => actor.send({ type: 'health.repos', repos }), [actor, repos]);
  const state = useSelector(actor, selectHealthState);
  const rows = useSelector(actor, selectHealthRows);
  const sort = useSelector(actor, selectHealthSort);
  const error = useSelector(actor, selectHealthError);
  // Until the dashboard has the repositories it says it is loading them; this says nothing.
  if (state === 'waiting') return null;
  return (
    <section aria-labelledby="repo-health-title" data-testid="repo-health">
      <SectionTitle id="repo-health-title">{t('insights.health.title')}</SectionTitle>
      <div role="group" aria-label={t('insights.health.sortLabel')}>
        {SORTS.map((option) => (
          <Button
            key={option}
            size="small"
            variant="ghost"
            aria-pressed={option === sort}
            onClick={() => actor.send({ type: 'health.sort', sort: option })}
          >
            {t(`insights.health.sort.${option}`)}
          </Button>
        ))}
      </div>
      {state === 'failed' ? (
        <LoadFailed message={error ?? ''} onRetry={() => actor.send({ type: 'health.retry' })} />
      ) : state !== 'ready' ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p>{t('insights.health.empty')}</p>
      ) : (
        <TableScroll>
          {/* At 375 px each repository is a card, each figure labelled (issue 29 item 11). */}
          <Table stacked>
            <thead>
              <tr>
                <th>{t('insights.health.columns.repo')}</th>
                <th>{t('insights.health.columns.failureRate')}</th>
                <th>{t('insights.health.columns.p95')}</th>
                <th>{t('insights.health.columns.branch')}</th>
                <th>{t('insights.health.columns.backToGreen')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <HealthRow key={row.repo.id} row={row} />
              ))}
            </tbody>
          </Table>
        </TableScroll>
      )}
    </section>
  );
}

function HealthRow({ row }: { row: RepoHealth }) {
  const t = useT();
  const now = useNow();
  const { repo } = row;
  const tooFew = t('insights.tooLittleData', { count: row.counted });
  return (
    <tr>
      <td>
        <Link href={repoHref(repo)}>
          <UserText>{repo.slug}</UserText>
        </Link>
      </td>
      <td data-label={t('insights.health.columns.failureRate')}>
        {row.failureRate === null ? tooFew : `${Math.round(row.failureRate * 100)}%`}
      </td>
      <td data-label={t('insights.health.columns.p95')}>
        {row.p95Duration === null ? '—' : formatDuration(row.p95Duration)}
      </td>
      <td data-label={t('insights.health.columns.branch')}>
        {row.red ? (
          <Link href={buildHref(repo, row.red.number)} data-testid="red-since">
            {t('insights.health.redSince', {
              branch: showInvisibles(repo.default_branch),
              number: row.red.number,
              ago: formatRelative(row.red.since, now),
            })}
          </Link>
        ) : (
          t('insights.health.green', { branch: showInvisibles(repo.default_branch) })
        )}
      </td>
      <td data-label={t('insights.health.columns.backToGreen')}>
        {row.backToGreen === null ? '—' : formatDuration(row.backToGreen)}
      </td>
    </tr>
  );
}
