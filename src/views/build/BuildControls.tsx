import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { isDone, type Build } from '../../api/types';
import {
  buildControlsMachine,
  selectBusyAction,
  selectDeployment,
  selectIsBusy,
} from '../../machines/build/buildControls.machine';
import { Button, Spinner, styled } from '../ui';
import { DeploymentDialog } from './DeploymentDialog';
import { useInspectedActorRef } from '../useInspectedActorRef';

type ControlsRef = ActorRefFrom<typeof buildControlsMachine>;

/**
 * docs/spec.md 4.3: Cancel while the build is pending or running; for a finished build that is not
 * blocked, write users and admins get Restart, Promote and Debug in a menu.
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
  const [, navigate] = useLocation();
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

  const running = build.status === 'pending' || build.status === 'running';
  const showMenu = isDone(build.status) && !blocked && canWrite;
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
          Cancel
        </Button>
      ) : null}
      {showMenu ? <ActionsMenu controlsRef={controlsRef} busy={busy} /> : null}
      {deployment ? <DeploymentDialog dialogRef={deployment} /> : null}
    </Bar>
  );
}

const ACTIONS = [
  { label: 'Restart', event: 'build.restart' },
  { label: 'Promote', event: 'build.promote' },
  { label: 'Debug', event: 'build.debug' },
] as const;

/** A small disclosure menu; whether it is open is presentation state of this element. */
function ActionsMenu({ controlsRef, busy }: { controlsRef: ControlsRef; busy: boolean }) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event instanceof KeyboardEvent && event.key !== 'Escape') return;
      if (event.type === 'pointerdown' && boxRef.current?.contains(event.target as Node)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <MenuBox ref={boxRef}>
      <Button
        aria-haspopup="menu"
        aria-expanded={open}
        disabled={busy}
        onClick={() => setOpen(!open)}
      >
        {busy ? <Spinner aria-hidden="true" /> : null}
        Actions ▾
      </Button>
      {open ? (
        <Menu role="menu" aria-label="Build actions">
          {ACTIONS.map(({ label, event }) => (
            <MenuItem
              key={label}
              role="menuitem"
              type="button"
              onClick={() => {
                setOpen(false);
                controlsRef.send({ type: event });
              }}
            >
              {label}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </MenuBox>
  );
}

const Bar = styled('div', { display: 'flex', alignItems: 'center', gap: '$2' });

const MenuBox = styled('div', { position: 'relative' });

const Menu = styled('div', {
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  zIndex: 10,
  minWidth: '160px',
  display: 'flex',
  flexDirection: 'column',
  padding: '$1',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$2',
  boxShadow: '$2',
});

const MenuItem = styled('button', {
  textAlign: 'left',
  padding: '$2 $3',
  border: 'none',
  borderRadius: '$1',
  backgroundColor: 'transparent',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  cursor: 'pointer',
  '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
});
