import { useSelector } from '@xstate/react';
import { toastsActor, type ToastRef } from '../../machines/shell/toasts.machine';
import { useT } from './i18n';
import { styled } from './theme';
import { UserText } from './UserText';

const Region = styled('div', {
  position: 'fixed',
  top: '$3',
  left: '50%',
  transform: 'translateX(-50%)',
  zIndex: 1000,
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  width: 'min(480px, calc(100vw - 24px))',
  pointerEvents: 'none',
});

const ToastBox = styled('div', {
  pointerEvents: 'auto',
  padding: '$3 $4',
  borderRadius: '$2',
  boxShadow: '$2',
  border: '1px solid',
  backgroundColor: '$surface',
  overflowWrap: 'anywhere',
  display: 'flex',
  justifyContent: 'space-between',
  gap: '$2',
  variants: {
    tone: {
      success: { borderColor: '$success', color: '$success', backgroundColor: '$successBg' },
      warning: { borderColor: '$warning', color: '$warning', backgroundColor: '$warningBg' },
      error: { borderColor: '$danger', color: '$danger', backgroundColor: '$dangerBg' },
    },
  },
  button: {
    background: 'none',
    border: 'none',
    color: 'inherit',
    cursor: 'pointer',
    fontSize: '$2',
  },
});

function Toast({ toastRef }: { toastRef: ToastRef }) {
  const t = useT();
  const toast = useSelector(toastRef, (snapshot) => snapshot.context);
  return (
    <ToastBox
      tone={toast.tone}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
    >
      <span>
        <UserText>{t(toast.message.key, toast.message.values)}</UserText>
      </span>
      <button aria-label={t('ui.dismiss')} onClick={() => toastRef.send({ type: 'toast.dismiss' })}>
        ✕
      </button>
    </ToastBox>
  );
}

/** docs/spec.md 2.1: top-centre, at most 3 at a time, paused while hovered; announced politely. */
export function Toasts() {
  const visible = useSelector(toastsActor(), (snapshot) => snapshot.context.visible);
  return (
    <Region
      aria-live="polite"
      onMouseEnter={() => toastsActor().send({ type: 'toasts.pause' })}
      onMouseLeave={() => toastsActor().send({ type: 'toasts.resume' })}
    >
      {visible.map((ref) => (
        <Toast key={ref.id} toastRef={ref} />
      ))}
    </Region>
  );
}
