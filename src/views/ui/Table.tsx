import type { ReactNode } from 'react';
import { styled } from './theme';

export const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  // Clips the corners without being a scroll box: a sticky column sticks to TableScroll.
  overflow: 'clip',
  'th, td': {
    textAlign: 'left',
    padding: '$2 $3',
    borderBottom: '1px solid $border',
    verticalAlign: 'middle',
    // Words stay whole, so a short value never breaks letter by letter beside a long one; a
    // word longer than the cell's cap (hostile names, 300-character branches) wraps within it.
    overflowWrap: 'break-word',
    // Chinese may break between any two characters: a short word ('已激活') would stand one
    // character a line in a narrow column. Its words stay whole too.
    wordBreak: 'keep-all',
  },
  td: { maxWidth: '32rem' },
  // A header never breaks, so no column gets narrower than its name.
  th: {
    fontSize: '$1',
    color: '$textMuted',
    fontWeight: 600,
    backgroundColor: '$surfaceAlt',
    whiteSpace: 'nowrap',
  },
  'tbody tr:last-child td': { borderBottom: 'none' },
  'tbody tr:hover': { backgroundColor: '$surfaceAlt' },
  // A narrow screen cannot fit the columns: the table scrolls sideways in its TableScroll box.
  '@mobile': { td: { maxWidth: '16rem' } },
  variants: {
    /**
     * Below 768 px each row is a card and each cell says its column (its `data-label`, the
     * column's header): no column hides behind a sideways scroll (issue 29 item 11). A cell
     * without a label (a status icon, an avatar) sits beside the next one, the card's title; the
     * row actions go last, on their own line.
     */
    stacked: {
      true: {
        '@mobile': {
          '&, tbody, tr, td': { display: 'block' },
          thead: {
            position: 'absolute',
            width: '1px',
            height: '1px',
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
          },
          'tbody tr': {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: '$1 $2',
            padding: '$3',
            borderBottom: '1px solid $border',
          },
          'tbody tr:last-child': { borderBottom: 'none' },
          'tbody td': {
            flex: '1 1 100%',
            maxWidth: 'none',
            padding: 0,
            border: 'none',
          },
          'tbody td:not([data-label])': { flex: '0 0 auto' },
          'tbody td:not([data-label]) + td[data-label]': { flex: '1 1 0' },
          'td[data-label]': { display: 'flex', gap: '$2', alignItems: 'baseline' },
          'td[data-label]::before': {
            content: 'attr(data-label)',
            flex: '0 0 7rem',
            color: '$textMuted',
            fontSize: '$1',
            fontWeight: 600,
          },
          // The cell beside an icon is the card's title: it needs no label.
          'tbody td:not([data-label]) + td[data-label]::before': { display: 'none' },
          'td[data-label] > *': { minWidth: 0 },
          'tbody td[data-actions]': { flex: '1 1 100%', textAlign: 'right' },
        },
      },
    },
  },
});

/**
 * The box every table sits in, so a table wider than the screen scrolls inside it and never
 * makes the page scroll sideways. Positioned, so the table's visually hidden labels (absolute)
 * are clipped with it.
 */
export const TableScroll = styled('div', {
  position: 'relative',
  maxWidth: '100%',
  overflowX: 'auto',
});

/**
 * The row actions' column sticks to the table box's right edge, so Edit and Delete stay on screen
 * while a table of long names scrolls under them. On a phone the row is a card (ui/Table.tsx,
 * `stacked`) and they are its last line.
 */
const stickyEnd = { position: 'sticky', right: 0, '@mobile': { position: 'static' } } as const;

export const ActionsHeader = styled('th', stickyEnd);

const ActionsCell = styled('td', {
  ...stickyEnd,
  width: '1%',
  whiteSpace: 'nowrap',
  textAlign: 'right !important',
  backgroundColor: '$surface',
  'tr:hover > &': { backgroundColor: '$surfaceAlt' },
});

/** A row's Edit and Delete (the stacked table of ui/Table.tsx knows the cell by `data-actions`). */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <ActionsCell data-actions="">{children}</ActionsCell>
);
