import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Build } from '../../api/types';
import {
  buildControlsMachine,
  selectBusyAction,
  selectDeployment,
  selectIsBusy,
} from '../../machines/buildPage/buildControls.machine';
import { Button, Spinner, styled, useT } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { MenuButton } from '../ui/MenuButton';
import { onDemand } from '../../boot/OnDemand';
import { shownControls } from './buildActions';
import { useDeleteLog } from './useDeleteLog';
import '../../i18n/en/buildControls';

// Issue 18: the Promote dialog's code loads the first time it opens.
const DeploymentDialog = onDemand(
  () => import('./DeploymentDialog').then((m) => m.DeploymentDialog),
  null,
);

type ControlsRef = ActorRefFrom<typeof buildControlsMachine>;

/**
 * docs/spec.md 4.3: Cancel while the build is pending or running; for a finished build that is not
 * blocked, write users and admins get Restart, Promote and Debug in a menu. Not on the first
 * screen (docs/issues.md issue 18): BuildHeader.tsx loads this module, with its machines and the
 * menu button, when it shows the controls.
 */
export function BuildControls({
  repo,
  build,
  canWrite,
  blocked,
  onCancelled,
  onStale,
}: {
  repo: { namespace: string; name: string };
  build: Build;
  canWrite: boolean;
  blocked: boolean;
  onCancelled: (build: Build) => void;
  /** The build changed but the server's answer could not be read: fetch it again. */
  onStale: () => void;
}) {
  const t = useT();
  const [location, navigate] = useLocation();
  const controlsRef = useInspectedActorRef(buildControlsMachine, {
    input: { repo, build: build.number, navigate },
  });
  // The cancelled build comes back with its stages; the page shows it without waiting.
  useEffect(() => {
    const cancelled = controlsRef.on('build.cancelled', (event) => onCancelled(event.build));
    const stale = controlsRef.on('build.stale', () => onStale());
    return () => {
      cancelled.unsubscribe();
      stale.unsubscribe();
    };
  }, [controlsRef, onCancelled, onStale]);

  const busy = useSelector(controlsRef, selectIsBusy);
  const busyAction = useSelector(controlsRef, selectBusyAction);
  const deployment = useSelector(controlsRef, selectDeployment);

  const { cancel: running, menu: showMenu } = shownControls(build, { canWrite, blocked });
  if (!running && !showMenu) return null;
  return (
    <Bar>
      {running ? (
        <Button
          variant="danger"
          disabled={busy}
          onClick={() => controlsRef.send({ type: 'build.cancel' })}
        >
          {busyAction === 'cancelling' ? <Spinner aria-hidden="true" /> : null}
          {t('common.cancel')}
        </Button>
      ) : null}
      {showMenu ? (
        <ActionsMenu key={location} build={build} controlsRef={controlsRef} busy={busy} />
      ) : null}
      {deployment ? <DeploymentDialog dialogRef={deployment} /> : null}
    </Bar>
  );
}

const ACTIONS = [
  { label: 'restart', event: 'build.restart' },
  { label: 'promote', event: 'build.promote' },
  { label: 'debug', event: 'build.debug' },
] as const;

/** Restart, Promote and Debug of a finished build, in a menu button (issue 19 item 2). */
function ActionsMenu({
  build,
  controlsRef,
  busy,
}: {
  build: Build;
  controlsRef: ControlsRef;
  busy: boolean;
}) {
  const t = useT();
  // Keyed by the page's path: a step shown anew is asked about afresh.
  const deleteLog = useDeleteLog(build);
  const items = useMemo(
    () => [
      ...ACTIONS.map(({ label, event }) => ({
        label: t(`build.actions.${label}`),
        onSelect: () => controlsRef.send({ type: event }),
      })),
      ...(deleteLog.item ? [deleteLog.item] : []),
    ],
    [controlsRef, t, deleteLog.item],
  );
  return (
    <>
      <MenuButton label={t('build.actions.label')} items={items} disabled={busy}>
        {busy ? <Spinner aria-hidden="true" /> : null}
        {t('build.actions.menu')}
      </MenuButton>
      {deleteLog.dialog}
    </>
  );
}

const Bar = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });
