import { Link, useLocation } from 'wouter';
import type { Repository } from '../../api/types';
import { repoHref } from '../build/paths';
import { styled } from '../ui/theme';

// docs/spec.md 2.12: the settings navigation, shown only while the repository is active.

export const SETTINGS_SECTIONS = [
  '',
  'secrets',
  'cron',
  'badges',
  'org-secrets',
  'templates',
] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

const REPOSITORY_LINKS: Array<{ label: string; section: SettingsSection }> = [
  { label: 'General', section: '' },
  { label: 'Secrets', section: 'secrets' },
  { label: 'Cron Jobs', section: 'cron' },
  { label: 'Badges', section: 'badges' },
];

const ORGANIZATION_LINKS: Array<{ label: string; section: SettingsSection }> = [
  { label: 'Secrets', section: 'org-secrets' },
  { label: 'Templates', section: 'templates' },
];

const Nav = styled('nav', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$1',
  h3: {
    fontSize: '$1',
    textTransform: 'uppercase',
    letterSpacing: '0.04em',
    color: '$textMuted',
    margin: '$4 0 $1',
    padding: '0 $3',
  },
  '@mobile': { flexDirection: 'row', flexWrap: 'wrap', h3: { display: 'none' } },
});

const NavLink = styled(Link, {
  display: 'block',
  padding: '$2 $3',
  borderRadius: '$2',
  color: '$text',
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$surfaceAlt' },
  '&[aria-current="page"]': { backgroundColor: '$surfaceAlt', fontWeight: 600, color: '$primary' },
});

export function SettingsNav({ repo }: { repo: Repository }) {
  const [location] = useLocation();
  const base = `${repoHref(repo)}/settings`;
  const link = ({ label, section }: { label: string; section: SettingsSection }) => {
    const href = section ? `${base}/${section}` : base;
    return (
      <NavLink key={href} href={href} aria-current={location === href ? 'page' : undefined}>
        {label}
      </NavLink>
    );
  };
  return (
    <Nav aria-label="Settings">
      {REPOSITORY_LINKS.map(link)}
      <h3>Organization</h3>
      {ORGANIZATION_LINKS.map(link)}
    </Nav>
  );
}
