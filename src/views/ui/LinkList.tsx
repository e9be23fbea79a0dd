import { Link } from 'wouter';
import { styled } from './theme';

// The bordered lists whose every row is one link (repositories, builds feed, executions).

export const LinkList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  overflow: 'hidden',
  'li + li': { borderTop: '1px solid $border' },
});

/** A row: status icon, the main text, and times on the right (under the text on phones). */
export const LinkListRow = styled(Link, {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 $4',
  color: '$text',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
  '@mobile': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
});
