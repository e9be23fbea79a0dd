import type { DisplayStatus } from '../../api/types';
import { t as translate } from '../../i18n';
import { Spinner } from './Feedback';
import { useT, type TFunction } from './i18n';
import { styled } from './theme';

type IconKind = 'cross' | 'dash' | 'spinner' | 'tick';

/** docs/spec.md 4.1: the icon of each status. */
export function iconOf(status: DisplayStatus): IconKind {
  switch (status) {
    case 'error':
    case 'failure':
      return 'cross';
    case 'running':
    case 'pending':
    case 'waiting_on_dependencies':
    case 'blocked':
      return 'spinner';
    case 'success':
      return 'tick';
    default:
      return 'dash';
  }
}

/**
 * Human text for a status, used as the icon's text alternative. Components pass their `t` (so a
 * language switch re-renders them); plain functions get the language shown now.
 */
export function statusLabel(status: DisplayStatus, t: TFunction = translate): string {
  return t(`status.${status}`);
}

const colors: Record<IconKind, string> = {
  cross: '$danger',
  dash: '$textMuted',
  spinner: '$running',
  tick: '$success',
};

const IconBox = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '18px',
  height: '18px',
  flexShrink: 0,
  svg: { width: '16px', height: '16px' },
});

export function StatusIcon({ status }: { status: DisplayStatus }) {
  const t = useT();
  const kind = iconOf(status);
  return (
    <IconBox
      role="img"
      aria-label={statusLabel(status, t)}
      title={statusLabel(status, t)}
      data-status={status}
      css={{ color: colors[kind] }}
    >
      {kind === 'spinner' ? (
        <Spinner aria-hidden="true" />
      ) : (
        <svg
          viewBox="0 0 16 16"
          aria-hidden="true"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          {kind === 'tick' ? <path d="M3 8.5l3 3 7-7" /> : null}
          {kind === 'cross' ? <path d="M4 4l8 8M12 4l-8 8" /> : null}
          {kind === 'dash' ? <path d="M4 8h8" /> : null}
        </svg>
      )}
    </IconBox>
  );
}

const Badge = styled('span', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  padding: '2px $2',
  borderRadius: '$round',
  border: '1px solid $border',
  fontSize: '$1',
  fontWeight: 600,
  textTransform: 'capitalize',
});

export function StatusBadge({ status }: { status: DisplayStatus }) {
  const t = useT();
  return (
    <Badge data-status={status}>
      <StatusIcon status={status} />
      {statusLabel(status, t)}
    </Badge>
  );
}

/** Marks a build restarted in debug mode (Build.debug), wherever the build is named. */
export function DebugBadge() {
  const t = useT();
  return (
    <Badge
      data-testid="debug-badge"
      title={t('ui.debugTitle')}
      css={{ color: '$warning', backgroundColor: '$warningBg', borderColor: '$warning' }}
    >
      {t('ui.debug')}
    </Badge>
  );
}
