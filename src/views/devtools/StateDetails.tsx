import type { ChartNode, MachineChart } from '../../machines/devtools/chart';
import { styled } from '../ui/theme';
import { stateMarks, statePath } from './StateList';

const Details = styled('dl', {
  margin: 0,
  fontSize: '$2',
  dt: { fontWeight: 600, marginTop: '$2' },
  dd: { margin: 0, fontFamily: '$mono', fontSize: '$1', overflowWrap: 'anywhere' },
  ul: { margin: 0, paddingLeft: '$4' },
});

function Names({ names }: { names: string[] }) {
  return names.length ? (
    <ul>
      {names.map((name, index) => (
        <li key={`${name}:${index}`}>{name}</li>
      ))}
    </ul>
  ) : (
    <>none</>
  );
}

/** What a state does: its actions, its actors and where its transitions go. */
export function StateDetails({ chart, node }: { chart: MachineChart; node: ChartNode }) {
  const byId = new Map(chart.nodes.map((item) => [item.id, item]));
  const pathOf = (id: string) => {
    const target = byId.get(id);
    return target ? statePath(chart, target) : id;
  };
  const transitions = chart.edges
    .filter((edge) => edge.source === node.id)
    .map((edge) =>
      edge.target === node.id ? `${edge.label} (stays)` : `${edge.label} → ${pathOf(edge.target)}`,
    );
  const marks = stateMarks(node, node.id === chart.id);
  return (
    <Details data-testid="state-details">
      <dt>State</dt>
      <dd>{statePath(chart, node)}</dd>
      <dt>Kind</dt>
      <dd>{[node.type, ...marks].join(', ')}</dd>
      <dt>Entry actions</dt>
      <dd>
        <Names names={node.entry} />
      </dd>
      <dt>Exit actions</dt>
      <dd>
        <Names names={node.exit} />
      </dd>
      <dt>Invoked actors</dt>
      <dd>
        <Names names={node.invoke} />
      </dd>
      <dt>Transitions</dt>
      <dd>
        <Names names={transitions} />
      </dd>
    </Details>
  );
}
