import { Link, useLocation } from 'wouter';
import type { Repository } from '../../api/types';
import { repoHref } from '../buildPage/paths';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/settings';

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

type NavEntry = {
  label: 'general' | 'secrets' | 'cron' | 'badges' | 'templates';
  section: SettingsSection;
};

const REPOSITORY_LINKS: NavEntry[] = [
  { label: 'general', section: '' },
  { label: 'secrets', section: 'secrets' },
  { label: 'cron', section: 'cron' },
  { label: 'badges', section: 'badges' },
];

const ORGANIZATION_LINKS: NavEntry[] = [
  { label: 'secrets', section: 'org-secrets' },
  { label: 'templates', section: 'templates' },
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
  // A row of links on a phone; the organization's links on a line of their own under their
  // heading, so its Secrets is never taken for the repository's (issue 29 item 11).
  '@mobile': {
    flexDirection: 'row',
    flexWrap: 'wrap',
    h3: { flexBasis: '100%', margin: '$2 0 0' },
  },
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
  const t = useT();
  const [location] = useLocation();
  const base = `${repoHref(repo)}/settings`;
  const link = ({ label, section }: NavEntry) => {
    const href = section ? `${base}/${section}` : base;
    return (
      <NavLink key={href} href={href} aria-current={location === href ? 'page' : undefined}>
        {t(`settings.nav.${label}`)}
      </NavLink>
    );
  };
  return (
    <Nav aria-label={t('settings.nav.label')}>
      {REPOSITORY_LINKS.map(link)}
      <h3>{t('settings.nav.organization')}</h3>
      {ORGANIZATION_LINKS.map(link)}
    </Nav>
  );
}
