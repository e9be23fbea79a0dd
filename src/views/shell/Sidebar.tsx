import { Link } from 'wouter';
import { onDemand } from '../../boot/OnDemand';
import { config } from '../../config';
import { showInvisibles } from '../../text/invisibles';
import { Avatar, useT } from '../ui';
import { styled } from '../ui/theme';
import { useCurrentUser } from './session';
import { ThemeToggle } from './ThemeToggle';

// The Search button (its drawer and machine load on its first click) comes after a build page's
// first lines, in a box of its size meanwhile (docs/architecture.md 7).
const SearchButton = onDemand(
  () => import('./SearchButton').then((m) => m.SearchButton),
  () => <SearchButtonBox aria-hidden="true" />,
  { afterFirstScreen: true },
);

const SearchButtonBox = styled('div', { width: '40px', height: '40px' });

const Bar = styled('nav', {
  width: '72px',
  flexShrink: 0,
  backgroundColor: '$sidebar',
  color: '$sidebarText',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 0',
  position: 'sticky',
  top: 0,
  height: '100vh',
  a: { color: '$sidebarText' },
  '@mobile': {
    width: '100%',
    height: 'auto',
    flexDirection: 'row',
    padding: '$2 $3',
    position: 'static',
  },
});

const Spacer = styled('div', { flex: 1 });

const NavLink = styled(Link, {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '$2',
  color: '$sidebarText',
  textDecoration: 'none',
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
  svg: { width: '22px', height: '22px' },
});

const SignInLink = styled(Link, {
  fontSize: '$1',
  textAlign: 'center',
  padding: '0 $1',
  color: '$sidebarText',
});

export function Logo() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="14" fill="none" stroke="currentColor" strokeWidth="3" />
      <circle cx="16" cy="16" r="5" fill="#4ade80" />
    </svg>
  );
}

/** docs/spec.md 2.2: logo, search, builds feed, admin settings, avatar or the sign-in prompt. */
export function Sidebar() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <Bar aria-label={t('shell.main')}>
      <NavLink href="/" aria-label={t('shell.home', { product: config.productName })}>
        <Logo />
      </NavLink>
      {user ? <SearchButton /> : null}
      {user ? (
        <NavLink
          href="/builds-feed"
          aria-label={t('shell.buildsFeed')}
          title={t('shell.buildsFeed')}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M4 6h16M4 12h16M4 18h10" />
          </svg>
        </NavLink>
      ) : null}
      <Spacer />
      <ThemeToggle />
      {user?.admin ? (
        <NavLink
          href="/settings"
          aria-label={t('shell.systemSettings')}
          title={t('shell.systemSettings')}
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="3" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
          </svg>
        </NavLink>
      ) : null}
      {user ? (
        <NavLink
          href="/account"
          aria-label={t('shell.accountSettings')}
          title={showInvisibles(user.login)}
        >
          <Avatar src={user.avatar} name={user.login} size={32} />
        </NavLink>
      ) : (
        <SignInLink href="/welcome">{t('shell.signInPrompt')}</SignInLink>
      )}
    </Bar>
  );
}
