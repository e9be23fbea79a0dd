import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import { useT } from './i18n';
import { styled } from './theme';
import { UserText } from './UserText';
import { threeLinesAtMost } from './clamp';

const Dialog = styled('dialog', {
  border: '1px solid $border',
  borderRadius: '$3',
  padding: 0,
  width: 'min(560px, calc(100vw - 32px))',
  maxHeight: 'calc(100vh - 64px)',
  backgroundColor: '$surface',
  color: '$text',
  boxShadow: '$2',
  '&::backdrop': { backgroundColor: 'rgba(0,0,0,0.45)' },
  variants: {
    size: {
      normal: {},
      wide: { width: 'min(900px, calc(100vw - 32px))' },
      fullscreen: {
        width: '100vw',
        height: '100vh',
        maxWidth: '100vw',
        maxHeight: '100vh',
        borderRadius: 0,
      },
    },
  },
  defaultVariants: { size: 'normal' },
});

const Header = styled('header', {
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: '$3 $4',
  gap: '$3',
  borderBottom: '1px solid $border',
  // A title is often a name from the server (a step's, a user's): it never pushes the close
  // button off the dialog.
  h2: { margin: 0, fontSize: '$3', ...threeLinesAtMost },
  button: { flexShrink: 0 },
});

const Body = styled('div', { padding: '$4', overflow: 'auto' });

export const ModalFooter = styled('footer', {
  display: 'flex',
  justifyContent: 'flex-end',
  gap: '$2',
  paddingTop: '$3',
});

/**
 * A modal dialog on the native <dialog>: the browser traps focus, closes on Escape and puts
 * focus back where it was. Rendered only while open.
 */
export function Modal({
  title,
  onClose,
  children,
  size,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'normal' | 'wide' | 'fullscreen';
}) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
  }, []);
  return (
    <Dialog
      ref={ref}
      size={size}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <Header>
        <h2 id={titleId}>
          <UserText>{title}</UserText>
        </h2>
        <Button variant="ghost" aria-label={t('common.close')} onClick={onClose}>
          ✕
        </Button>
      </Header>
      <Body>{children}</Body>
    </Dialog>
  );
}

/** docs/spec.md 5: every destructive action asks first, with the texts of docs/spec.md 8. */
export function ConfirmDialog({
  message,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  message: string;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal title={t('ui.pleaseConfirm')} onClose={onCancel}>
      <p>
        <UserText>{message}</UserText>
      </p>
      <ModalFooter>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
