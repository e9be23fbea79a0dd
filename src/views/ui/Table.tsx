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
