import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useParams } from 'wouter';
import { hasStoredLog, stepOf, type Build } from '../../api/types';
import {
  deleteLogMachine,
  selectIsConfirming,
  selectMayDelete,
} from '../../machines/console/deleteLog.machine';
import { toBuildParams } from '../repo/params';
import { useCurrentUser } from '../shell/session';
import { useT } from '../ui';
import { ConfirmDialog } from '../ui/Modal';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/buildControls';

// Issue 31 part 5: "Delete step log" in the build's actions menu, for the step the page shows.
// It lives with the build's controls, which load after the first lines: the console's first
// screen carries none of it. After the deletion the page loads again, so the console reads
// what the server now holds.

/**
 * The menu item (null when the user may not delete, or the step shown has no stored log: a build
 * Drone could not parse has no step at all) and its confirmation.
 */
export function useDeleteLog(build: Build) {
  const t = useT();
  const params = toBuildParams(useParams<Record<string, string | undefined>>());
  const step = stepOf(build, params.stage, params.step);
  const user = useCurrentUser();
  const actor = useInspectedActorRef(deleteLogMachine, {
    input: { ref: params, isSystemAdmin: user?.admin === true },
  });
  const mayDelete = useSelector(actor, selectMayDelete);
  const confirming = useSelector(actor, selectIsConfirming);
  useEffect(() => {
    const deleted = actor.on('log.deleted', () => window.location.reload());
    return () => deleted.unsubscribe();
  }, [actor]);
  const item = useMemo(
    () =>
      mayDelete && hasStoredLog(step)
        ? {
            label: t('build.actions.deleteLog'),
            onSelect: () => actor.send({ type: 'log.delete' }),
          }
        : null,
    [actor, mayDelete, step, t],
  );
  const dialog = confirming ? (
    <ConfirmDialog
      message={t('build.actions.deleteLogConfirm', { stage: params.stage, step: params.step })}
      confirmLabel={t('build.actions.deleteLog')}
      onConfirm={() => actor.send({ type: 'confirm.accept' })}
      onCancel={() => actor.send({ type: 'confirm.cancel' })}
    />
  ) : null;
  return { item, dialog };
}
