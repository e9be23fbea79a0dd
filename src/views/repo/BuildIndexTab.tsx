import { useSelector } from '@xstate/react';
import { Redirect } from 'wouter';
import type { Repository } from '../../api/types';
import {
  buildIndexMachine,
  selectIndexBuilds,
  selectIndexError,
  selectIndexIsLoading,
  selectIndexIsNotFound,
  selectConfirmingRemoval,
  selectIsRemoving,
  type BuildIndexKind,
} from '../../machines/repo/buildIndex.machine';
import { EmptyState, LoadFailed, Loading, useT } from '../ui';
import { ConfirmDialog } from '../ui/Modal';
import { BranchesTable, DeploymentsTable, PullsTable } from './BuildIndexTables';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/repo';

/**
 * docs/spec.md 2.7, 2.8: the latest build per branch, or per deployment environment; the latest
 * per pull request (issue 31 part 5). Writers may remove a stale branch from the list.
 */
export function BuildIndexTab({
  repo,
  kind,
  canWrite = false,
}: {
  repo: Repository;
  kind: BuildIndexKind;
  canWrite?: boolean;
}) {
  const t = useT();
  const actor = useInspectedActorRef(buildIndexMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name }, kind },
  });
  const builds = useSelector(actor, selectIndexBuilds);
  const loading = useSelector(actor, selectIndexIsLoading);
  const notFound = useSelector(actor, selectIndexIsNotFound);
  const error = useSelector(actor, selectIndexError);
  const confirming = useSelector(actor, selectConfirmingRemoval);
  const removing = useSelector(actor, selectIsRemoving);

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
  if (kind === 'pulls') return <PullsTable repo={repo} builds={builds} />;
  if (kind === 'deployments') return <DeploymentsTable repo={repo} builds={builds} />;
  return (
    <>
      <BranchesTable
        repo={repo}
        builds={builds}
        onRemove={
          canWrite && !removing
            ? (branch) => actor.send({ type: 'entry.remove', branch })
            : undefined
        }
      />
      {confirming !== null ? (
        <ConfirmDialog
          message={t('repo.removeBranchConfirm', { branch: confirming })}
          confirmLabel={t('repo.removeBranch')}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      ) : null}
    </>
  );
}
