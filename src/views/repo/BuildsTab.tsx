import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { Redirect } from 'wouter';
import type { Repository } from '../../api/types';
import {
  filterBuilds,
  filterChoices,
  isFiltered,
  MAX_NAME_LENGTH,
  parseBuildFilter,
  refusedFilterKeys,
} from '../../machines/repo/buildFilter';
import {
  buildsMachine,
  selectBuilds,
  selectCanShowMore,
  selectFilter,
  selectFilterRanOut,
  selectHasMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsNotFound,
  selectLoadError,
} from '../../machines/repo/builds.machine';
import { Button, EmptyState, LoadFailed, Loading, Notice, Row, useT, type TFunction } from '../ui';
import { BuildFilters } from './BuildFilters';
import { useIsMobile } from '../buildPage/useIsMobile';
import { BuildsSummary } from './BuildsSummary';
import { ExecutionsList } from './ExecutionsList';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { MAX_QUERY_LENGTH } from '../query';
import { useQueryParams, useUnreadQueryLength } from '../useQueryParams';
import { currentLanguage } from '../../i18n';
import '../../i18n/en/repo';
import '../../i18n/en/lists';

/**
 * docs/spec.md 2.6: Summary with its chart, then the Executions list, paged with 'Show more'.
 * Issue 19 item 3: the filters of the URL query pick the builds of both. On a phone the list comes
 * first, the Summary after it: the executions are what the first screen shows (issue 29 item 11).
 */
export function BuildsTab({ repo }: { repo: Repository }) {
  const t = useT();
  const query = useQueryParams();
  const unreadQuery = useUnreadQueryLength();
  const urlFilter = useMemo(() => parseBuildFilter(query), [query]);
  const actor = useInspectedActorRef(buildsMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name }, filter: urlFilter },
  });
  useEffect(() => {
    actor.send({ type: 'builds.filter', filter: urlFilter });
  }, [actor, urlFilter]);
  const builds = useSelector(actor, selectBuilds);
  const filter = useSelector(actor, selectFilter);
  const loading = useSelector(actor, selectIsLoading);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const canShowMore = useSelector(actor, selectCanShowMore);
  const ranOut = useSelector(actor, selectFilterRanOut);
  const hasMore = useSelector(actor, selectHasMore);
  const notFound = useSelector(actor, selectIsNotFound);
  const error = useSelector(actor, selectLoadError);
  const shown = useMemo(() => filterBuilds(builds, filter), [builds, filter]);
  const choices = useMemo(() => filterChoices(builds), [builds]);
  const listFirst = useIsMobile();

  if (notFound) return <Redirect to="/404" replace />;
  if (error) {
    return <LoadFailed message={error} onRetry={() => actor.send({ type: 'builds.retry' })} />;
  }
  if (loading && shown.length === 0) return <Loading />;
  if (builds.length === 0) return <EmptyState title={t('repo.emptyBuilds')} />;
  const showMore = () => actor.send({ type: 'builds.showMore' });
  const summary = <BuildsSummary repo={repo} builds={shown} filtered={isFiltered(filter)} />;
  return (
    <>
      <RefusedFilters t={t} query={query} unreadQuery={unreadQuery} />
      <BuildFilters filter={filter} query={query} {...choices} />
      {shown.length > 0 && !listFirst ? summary : null}
      {shown.length > 0 ? <ExecutionsList repo={repo} builds={shown} /> : null}
      {ranOut ? (
        <Notice role="status" css={{ marginTop: '$4', alignItems: 'center', flexWrap: 'wrap' }}>
          <span data-testid="filter-ran-out">
            {ranOutText(t, shown.length, builds.length, hasMore)}
          </span>
          {hasMore ? (
            <Button size="small" onClick={showMore}>
              {t('repo.loadMore')}
            </Button>
          ) : null}
        </Notice>
      ) : canShowMore ? (
        <Row css={{ justifyContent: 'center', marginTop: '$4' }}>
          <Button onClick={showMore} disabled={loadingMore} aria-busy={loadingMore}>
            {loadingMore ? t('common.loading') : t('common.showMore')}
          </Button>
        </Row>
      ) : null}
      {shown.length > 0 && listFirst ? <div style={{ marginTop: 16 }}>{summary}</div> : null}
    </>
  );
}

/** Says the filter ran out of loaded builds, and whether the server has older ones. */
/**
 * Issue 28 item 6: a filter the address holds but the list does not apply (a query or a value too
 * long to read), said rather than silently dropped.
 */
function RefusedFilters({
  t,
  query,
  unreadQuery,
}: {
  t: TFunction;
  query: URLSearchParams;
  unreadQuery: number | null;
}) {
  const language = currentLanguage();
  const texts =
    unreadQuery !== null
      ? [
          t('repo.filters.queryTooLong', {
            length: unreadQuery.toLocaleString(language),
            max: MAX_QUERY_LENGTH.toLocaleString(language),
          }),
        ]
      : refusedFilterKeys(query).map((key) =>
          t('repo.filters.valueTooLong', {
            label: t(`repo.filters.labels.${key}`),
            max: MAX_NAME_LENGTH,
          }),
        );
  if (texts.length === 0) return null;
  return (
    <Notice role="status" data-testid="filter-refused" css={{ marginBottom: '$3' }}>
      {texts.join(' ')}
    </Notice>
  );
}

function ranOutText(t: TFunction, matching: number, loaded: number, hasMore: boolean): string {
  const count = loaded;
  if (matching === 0) {
    return hasMore ? t('repo.ranOut.noneLoaded', { count }) : t('repo.ranOut.noneAll', { count });
  }
  return hasMore
    ? t('repo.ranOut.someLoaded', { count, matching })
    : t('repo.ranOut.someAll', { count, matching });
}
