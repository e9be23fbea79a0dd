import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import type { Repository } from '../../api/types';
import {
  buildIndexMachine,
  selectIndexBuilds,
  selectIndexError,
  selectIndexIsLoading,
  selectIndexIsNotFound,
  type BuildIndexKind,
} from '../../machines/repo/buildIndex.machine';
import { EmptyState, LoadFailed, Loading, useT } from '../ui';
import { BranchesTable, DeploymentsTable } from './BuildIndexTables';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/repo';

/** docs/spec.md 2.7, 2.8: the latest build per branch, or per deployment environment. */
export function BuildIndexTab({ repo, kind }: { repo: Repository; kind: BuildIndexKind }) {
  const t = useT();
  const actor = useInspectedActorRef(buildIndexMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name }, kind },
  });
  const builds = useSelector(actor, selectIndexBuilds);
  const loading = useSelector(actor, selectIndexIsLoading);
  const notFound = useSelector(actor, selectIndexIsNotFound);
  const error = useSelector(actor, selectIndexError);

  if (notFound) return <Redirect to="/404" replace />;
  if (error) {
    return <LoadFailed message={error} onRetry={() => actor.send({ type: 'index.retry' })} />;
  }
  if (loading) return <Loading />;
  if (builds.length === 0) {
    return (
      <EmptyState title={t(`repo.empty.${kind}.title`)}>{t(`repo.empty.${kind}.text`)}</EmptyState>
    );
  }
  return kind === 'branches' ? (
    <BranchesTable repo={repo} builds={builds} />
  ) : (
    <DeploymentsTable repo={repo} builds={builds} />
  );
}
