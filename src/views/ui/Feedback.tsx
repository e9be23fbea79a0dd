import type { ReactNode } from 'react';
import { useT } from './i18n';
import { keyframes, styled } from './theme';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const Spinner = styled('span', {
  display: 'inline-block',
  width: '14px',
  height: '14px',
  border: '2px solid currentColor',
  borderRightColor: 'transparent',
  borderRadius: '$round',
  animation: `${spin} 0.8s linear infinite`,
  verticalAlign: 'middle',
  flexShrink: 0,
});

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <LoadingBox role="status">
      <Spinner aria-hidden="true" /> {label ?? t('common.loading')}
    </LoadingBox>
  );
}

const LoadingBox = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$5',
  color: '$textMuted',
});

const EmptyBox = styled('div', {
  padding: '$6 $5',
  textAlign: 'center',
  color: '$textMuted',
  border: '1px dashed $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  h2: { color: '$text', fontSize: '$3', margin: '0 0 $2' },
  p: { margin: 0 },
});

export function EmptyState({
  title,
  children,
  action,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <EmptyBox>
      <h2>{title}</h2>
      {children ? <p>{children}</p> : null}
      {action ? <div style={{ marginTop: 16 }}>{action}</div> : null}
    </EmptyBox>
  );
}

export const Notice = styled('div', {
  padding: '$3 $4',
  borderRadius: '$2',
  border: '1px solid',
  display: 'flex',
  gap: '$2',
  alignItems: 'flex-start',
  overflowWrap: 'anywhere',
  variants: {
    tone: {
      danger: { color: '$danger', backgroundColor: '$dangerBg', borderColor: '$danger' },
      warning: { color: '$warning', backgroundColor: '$warningBg', borderColor: '$warning' },
      info: { color: '$text', backgroundColor: '$surfaceAlt', borderColor: '$border' },
    },
  },
  defaultVariants: { tone: 'info' },
});
