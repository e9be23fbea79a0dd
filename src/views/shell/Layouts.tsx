import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { config } from '../../config';
import { Avatar, useT } from '../ui';
import { onDemand } from '../../boot/OnDemand';
import { styled } from '../ui/theme';
import { Logo, Sidebar } from './Sidebar';
import { useCurrentUser } from './session';
import { ThemeToggle } from './ThemeToggle';

// The license banners (docs/spec.md 2.1) show only where the server says its license ran out, and
// that is known at boot and never changes (config.ts): their code loads on such a server alone.
const LoadedBanners = onDemand(() => import('./Banners').then((m) => m.Banners), null);

function Banners() {
  return config.licenseExpired || config.licenseLimitExceeded ? <LoadedBanners /> : null;
}

const Frame = styled('div', {
  display: 'flex',
  minHeight: '100vh',
  '@mobile': { flexDirection: 'column' },
});

const Content = styled('div', { flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' });

/** Sidebar, banners and the page: every signed-in screen but the system settings. */
export function FullLayout({ children }: { children: ReactNode }) {
  return (
    <Frame>
      <Sidebar />
      <Content>
        <Banners />
        {children}
      </Content>
    </Frame>
  );
}

const TopBar = styled('header', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $4',
  backgroundColor: '$sidebar',
  color: '$sidebarText',
  a: { color: '$sidebarText', display: 'inline-flex', alignItems: 'center', gap: '$2' },
  svg: { width: '28px', height: '28px' },
});

/** docs/spec.md 2.1: the settings pages show only the header. */
export function HeaderLayout({ children }: { children: ReactNode }) {
  const t = useT();
  const user = useCurrentUser();
  return (
    <div>
      <TopBar>
        <Link href="/" aria-label={t('shell.home', { product: config.productName })}>
          <Logo />
          <span>{config.productName}</span>
        </Link>
        <span style={{ flex: 1 }} />
        <ThemeToggle />
        {user ? (
          <Link href="/account" aria-label={t('shell.accountSettings')}>
            <Avatar src={user.avatar} name={user.login} size={28} />
          </Link>
        ) : null}
      </TopBar>
      <Banners />
      {children}
    </div>
  );
}

/** docs/spec.md 2.1: welcome, register, login and logout pages show no header. */
export function BareLayout({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
