import type { ReactNode } from 'react';
import { config } from '../../config';
import { Logo } from '../shell/Sidebar';
import { styled } from '../ui/theme';

// The sign-in family of pages (welcome, login, register, logout): no header (docs/spec.md 2.1), one
// centred panel with the product's mark.

const Screen = styled('main', {
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: '$5 $3',
  background: 'linear-gradient(160deg, $bg 0%, $surfaceAlt 100%)',
});

const Panel = styled('section', {
  width: 'min(440px, 100%)',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  boxShadow: '$1',
  padding: '$6 $5',
  display: 'flex',
  flexDirection: 'column',
  gap: '$4',
  h1: { fontSize: '$4', lineHeight: 1.3, margin: 0 },
  p: { margin: 0, color: '$textMuted' },
  '@mobile': { padding: '$5 $4' },
});

const Brand = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  fontWeight: 700,
  fontSize: '$3',
  color: '$text',
  svg: { width: '32px', height: '32px', color: '$sidebar' },
});

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Screen>
      <Panel>
        <Brand>
          <Logo />
          <span>{config.productName}</span>
        </Brand>
        {children}
      </Panel>
    </Screen>
  );
}

/** A vertical form whose controls fill the panel. */
export const AuthForm = styled('form', {
  display: 'flex',
  flexDirection: 'column',
  '& > button': { marginTop: '$2', width: '100%', minHeight: '36px' },
});

export const Legal = styled('p', {
  fontSize: '$1',
  lineHeight: 1.6,
});
