import type { ChartNode, MachineChart } from '../../machines/devtools/chart';
import { useT, type TFunction } from '../ui';
import { styled } from '../ui/theme';
import '../../i18n/en/devtools';

// The chart's states as buttons (issue 10): the canvas is not keyboard-accessible, this list is.

const List = styled('ul', {
  listStyle: 'none',
  margin: '$3 0 0',
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: '$1',
});

const StateButton = styled('button', {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  minHeight: '28px',
  padding: '0 $2',
  border: '1px solid $border',
  borderRadius: '$2',
  backgroundColor: '$surface',
  color: '$text',
  fontFamily: '$mono',
  fontSize: '$1',
  cursor: 'pointer',
  '&:hover': { borderColor: '$primary' },
  '&[aria-pressed="true"]': {
    borderColor: '$primary',
    boxShadow: 'inset 0 0 0 1px $colors$primary',
  },
  variants: {
    current: { true: { backgroundColor: '$successBg', borderColor: '$success' } },
  },
});

const Mark = styled('span', { color: '$textMuted', fontFamily: '$body' });

/** Short words for what the chart shows with borders and boxes. */
export function stateMarks(node: ChartNode, isRoot: boolean, t: TFunction): string[] {
  const marks: string[] = [];
  if (isRoot) marks.push(t('devtools.marks.machine'));
  else if (node.isInitial) marks.push(t('devtools.marks.initial'));
  if (node.type === 'final' || node.type === 'parallel' || node.type === 'history') {
    marks.push(t(`devtools.marks.${node.type}`));
  }
  return marks;
}

/** 'console.stream_on.streaming' -> 'stream_on.streaming': the path inside the machine. */
export function statePath(chart: MachineChart, node: ChartNode): string {
  return node.id === chart.id ? chart.id : node.id.slice(chart.id.length + 1);
}

export function StateList({
  chart,
  selectedStateId,
  highlighted,
  onSelect,
}: {
  chart: MachineChart;
  selectedStateId: string | null;
  highlighted: string[];
  onSelect: (stateId: string) => void;
}) {
  const t = useT();
  return (
    <List aria-label={t('devtools.statesOf', { id: chart.id })}>
      {chart.nodes.map((node) => {
        const marks = stateMarks(node, node.id === chart.id, t);
        const current = highlighted.includes(node.id);
        if (current) marks.push(t('devtools.marks.current'));
        return (
          <li key={node.id}>
            <StateButton
              type="button"
              aria-pressed={node.id === selectedStateId}
              current={current}
              onClick={() => onSelect(node.id)}
            >
              {statePath(chart, node)}
              {marks.length ? (
                <Mark>
                  {t('devtools.marks.list', { marks: marks.join(t('devtools.separator')) })}
                </Mark>
              ) : null}
            </StateButton>
          </li>
        );
      })}
    </List>
  );
}
