import { styled } from './theme';

export const Table = styled('table', {
  width: '100%',
  borderCollapse: 'collapse',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  overflow: 'hidden',
  'th, td': {
    textAlign: 'left',
    padding: '$2 $3',
    borderBottom: '1px solid $border',
    verticalAlign: 'middle',
    overflowWrap: 'anywhere',
  },
  th: { fontSize: '$1', color: '$textMuted', fontWeight: 600, backgroundColor: '$surfaceAlt' },
  'tbody tr:last-child td': { borderBottom: 'none' },
  'tbody tr:hover': { backgroundColor: '$surfaceAlt' },
});
