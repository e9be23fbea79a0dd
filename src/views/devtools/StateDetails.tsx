import type { ChartNode, MachineChart } from '../../machines/devtools/chart';
import { useT } from '../ui';
import { styled } from '../ui/theme';
import { stateMarks, statePath } from './StateList';
import '../../i18n/en/devtools';

const Details = styled('dl', {
  margin: 0,
  fontSize: '$2',
  dt: { fontWeight: 600, marginTop: '$2' },
  dd: { margin: 0, fontFamily: '$mono', fontSize: '$1', overflowWrap: 'anywhere' },
  ul: { margin: 0, paddingLeft: '$4' },
});

function Names({ names }: { names: string[] }) {
  const t = useT();
  return names.length ? (
    <ul>
      {names.map((name, index) => (
        <li key={`${name}:${index}`}>{name}</li>
      ))}
    </ul>
  ) : (
    <>{t('devtools.details.none')}</>
  );
}

/** What a state does: its actions, its actors and where its transitions go. */
export function StateDetails({ chart, node }: { chart: MachineChart; node: ChartNode }) {
  const t = useT();
  const byId = new Map(chart.nodes.map((item) => [item.id, item]));
  const pathOf = (id: string) => {
    const target = byId.get(id);
    return target ? statePath(chart, target) : id;
  };
  const transitions = chart.edges
    .filter((edge) => edge.source === node.id)
    .map((edge) =>
      edge.target === node.id
        ? t('devtools.details.stays', { event: edge.label })
        : `${edge.label} → ${pathOf(edge.target)}`,
    );
  const marks = stateMarks(node, node.id === chart.id, t);
  return (
    <Details data-testid="state-details">
      <dt>{t('devtools.details.state')}</dt>
      <dd>{statePath(chart, node)}</dd>
      <dt>{t('devtools.details.kind')}</dt>
      <dd>{[t(`devtools.kinds.${node.type}`), ...marks].join(t('devtools.separator'))}</dd>
      <dt>{t('devtools.details.entry')}</dt>
      <dd>
        <Names names={node.entry} />
      </dd>
      <dt>{t('devtools.details.exit')}</dt>
      <dd>
        <Names names={node.exit} />
      </dd>
      <dt>{t('devtools.details.invoke')}</dt>
      <dd>
        <Names names={node.invoke} />
      </dd>
      <dt>{t('devtools.details.transitions')}</dt>
      <dd>
        <Names names={transitions} />
      </dd>
    </Details>
  );
}
