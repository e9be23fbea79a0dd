import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import type { Repository } from '../../api/types';
import {
  buildsMachine,
  selectBuilds,
  selectCanShowMore,
  selectIsLoading,
  selectIsLoadingMore,
  selectIsNotFound,
  selectLoadError,
} from '../../machines/repo/builds.machine';
import { Button, EmptyState, LoadFailed, Loading, Row } from '../ui';
import { BuildsSummary } from './BuildsSummary';
import { ExecutionsList } from './ExecutionsList';
import { useInspectedActorRef } from '../useInspectedActorRef';

/** docs/spec.md 2.6: Summary with its chart, then the Executions list, paged with 'Show more'. */
export function BuildsTab({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(buildsMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name } },
  });
  const builds = useSelector(actor, selectBuilds);
  const loading = useSelector(actor, selectIsLoading);
  const loadingMore = useSelector(actor, selectIsLoadingMore);
  const canShowMore = useSelector(actor, selectCanShowMore);
  const notFound = useSelector(actor, selectIsNotFound);
  const error = useSelector(actor, selectLoadError);

  if (notFound) return <Redirect to="/404" replace />;
  if (error) {
    return <LoadFailed message={error} onRetry={() => actor.send({ type: 'builds.retry' })} />;
  }
  if (loading && builds.length === 0) return <Loading />;
  if (builds.length === 0) return <EmptyState title="Your Build List is Empty." />;
  return (
    <>
      <BuildsSummary repo={repo} builds={builds} />
      <ExecutionsList repo={repo} builds={builds} />
      {canShowMore ? (
        <Row css={{ justifyContent: 'center', marginTop: '$4' }}>
          <Button
            onClick={() => actor.send({ type: 'builds.showMore' })}
            disabled={loadingMore}
            aria-busy={loadingMore}
          >
            {loadingMore ? 'Loading...' : 'Show more'}
          </Button>
        </Row>
      ) : null}
    </>
  );
}
