import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { useT } from './i18n';
import { styled } from './theme';
import { userText } from './UserText';

export const Page = styled('main', {
  padding: '$5',
  maxWidth: '1280px',
  width: '100%',
  margin: '0 auto',
  '@mobile': { padding: '$3' },
});

export const PageHeader = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  flexWrap: 'wrap',
  marginBottom: '$4',
  h1: { fontSize: '$5', margin: 0, overflowWrap: 'anywhere' },
});

export const Card = styled('section', {
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  padding: '$4',
});

/** As many columns as fit, each at least 180px: a form's options side by side, choice cards. */
export const AutoGrid = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
  gap: '$3',
});

/** A bordered box with its content in a row (a snippet and its copy button, a choice card). */
export const boxedRow = {
  display: 'flex',
  alignItems: 'flex-start',
  gap: '$2',
  padding: '$3',
  border: '1px solid $border',
  borderRadius: '$2',
} as const;

export const SectionTitle = styled('h2', {
  fontSize: '$3',
  margin: '$4 0 $2',
});

export const Row = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  flexWrap: 'wrap',
});

// Tabs a screen cannot fit on one line wrap onto the next: none is clipped or hidden behind a
// sideways scroll (issue 29 item 11).
const TabList = styled('nav', {
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$1',
  borderBottom: '1px solid $border',
  marginBottom: '$4',
});

const tabStyle = {
  padding: '$2 $3',
  color: '$textMuted',
  textDecoration: 'none',
  borderBottom: '2px solid transparent',
  whiteSpace: 'nowrap',
  '@mobile': { padding: '$2' },
} as const;

const TabAnchor = styled(Link, {
  ...tabStyle,
  '&[aria-current="page"]': { color: '$text', borderBottomColor: '$primary', fontWeight: 600 },
  '&:hover': { color: '$text' },
});

const TabText = styled('span', tabStyle);

export interface TabItem {
  label: string;
  href: string;
  /** Extra route patterns that also make this tab current. */
  match?: string;
  /** Rendered as plain text (e.g. repository navigation disabled). */
  disabled?: boolean;
}

function Tab({ item }: { item: TabItem }) {
  const [exact] = useRoute(item.href);
  const [nested] = useRoute(item.match ?? '\u0000');
  if (item.disabled) return <TabText>{item.label}</TabText>;
  return (
    <TabAnchor href={item.href} aria-current={exact || nested ? 'page' : undefined}>
      {item.label}
    </TabAnchor>
  );
}

export function Tabs({ items, label }: { items: TabItem[]; label: string }) {
  return (
    <TabList aria-label={label}>
      {items.map((item) => (
        <Tab key={item.label} item={item} />
      ))}
    </TabList>
  );
}

const Crumbs = styled('nav', {
  fontSize: '$2',
  color: '$textMuted',
  ol: { display: 'flex', gap: '$2', listStyle: 'none', margin: 0, padding: 0, flexWrap: 'wrap' },
  'li + li::before': { content: '"/"', marginRight: '$2', color: '$textMuted' },
});

/** A string label is user text (a namespace, a repository name) and shows its invisibles. */
export function Breadcrumbs({ items }: { items: Array<{ label: ReactNode; href?: string }> }) {
  const t = useT();
  return (
    <Crumbs aria-label={t('ui.breadcrumb')}>
      <ol>
        {items.map((item, index) => {
          const label = typeof item.label === 'string' ? userText(item.label) : item.label;
          return (
            <li key={index}>
              {item.href ? <Link href={item.href}>{label}</Link> : <span>{label}</span>}
            </li>
          );
        })}
      </ol>
    </Crumbs>
  );
}
