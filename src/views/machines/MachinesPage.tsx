import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { machineToChart } from '../../machines/chart';
import {
  machinesPageMachine,
  selectHighlighted,
  selectLiveActorsOfSelected,
} from '../../machines/machinesPage.machine';
import { machineRegistry } from '../../machines/registry';
import { usePageTitle } from '../shell/title';
import { Button, Card, Checkbox, Page, PageHeader, SectionTitle } from '../ui';
import { styled } from '../ui/theme';
import { MachineChart } from './MachineChart';

const Layout = styled('div', {
  display: 'grid',
  gridTemplateColumns: '220px 1fr 280px',
  gap: '$4',
  '@mobile': { gridTemplateColumns: '1fr' },
});

const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  button: { width: '100%', textAlign: 'left', justifyContent: 'flex-start' },
});

/** Every machine as a state chart, computed from its definition (issue 10). */
export function MachinesPage() {
  usePageTitle('Machines');
  const actor = useActorRef(machinesPageMachine, {
    input: { selectedId: machineRegistry[0]?.id ?? '' },
  });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const stately = useSelector(actor, (snapshot) => snapshot.value as string);
  const liveActors = useSelector(actor, selectLiveActorsOfSelected);
  const highlighted = useSelector(actor, selectHighlighted);
  const entry = machineRegistry.find((item) => item.id === context.selectedId);
  const chart = useMemo(() => (entry ? machineToChart(entry.machine) : null), [entry]);
  const selectedState = chart?.nodes.find((node) => node.id === context.selectedStateId);

  return (
    <Page>
      <PageHeader>
        <h1>Machines</h1>
      </PageHeader>
      <Layout>
        <nav aria-label="Machines">
          <List>
            {machineRegistry.map((item) => (
              <li key={item.id}>
                <Button
                  variant={item.id === context.selectedId ? 'primary' : 'ghost'}
                  aria-current={item.id === context.selectedId ? 'true' : undefined}
                  onClick={() => actor.send({ type: 'machines.select', id: item.id })}
                >
                  {item.id}
                </Button>
              </li>
            ))}
          </List>
        </nav>
        <section aria-label="Chart">
          {entry && chart ? (
            <>
              <p>
                <strong>{entry.id}</strong>: {entry.description} ({chart.nodes.length} states,{' '}
                {chart.edges.length} transitions)
              </p>
              <MachineChart
                chart={chart}
                highlighted={highlighted}
                onSelectState={(stateId) => actor.send({ type: 'machines.selectState', stateId })}
              />
            </>
          ) : null}
        </section>
        <aside>
          <Card>
            <SectionTitle>State</SectionTitle>
            {selectedState ? (
              <dl data-testid="state-details">
                <dt>State</dt>
                <dd>{selectedState.id}</dd>
                <dt>Entry actions</dt>
                <dd>{selectedState.entry.join(', ') || 'none'}</dd>
                <dt>Exit actions</dt>
                <dd>{selectedState.exit.join(', ') || 'none'}</dd>
                <dt>Invoked actors</dt>
                <dd>{selectedState.invoke.join(', ') || 'none'}</dd>
              </dl>
            ) : (
              <p>Click a state on the chart to see its actions and actors.</p>
            )}
            <SectionTitle>Live inspection</SectionTitle>
            <Checkbox
              label="Report running actors"
              checked={context.inspecting}
              onChange={() => actor.send({ type: 'inspection.toggle' })}
            />
            <p>
              With this on, open the console in another tab: its actors appear here and the chart
              highlights the current state of the one you follow.
            </p>
            <ul aria-label="Running actors">
              {liveActors.map(({ actorId, report }) => (
                <li key={actorId}>
                  <Button
                    size="small"
                    variant={context.followedActorId === actorId ? 'primary' : 'secondary'}
                    onClick={() => actor.send({ type: 'inspection.follow', actorId })}
                  >
                    {actorId}: {JSON.stringify(report.value)}
                  </Button>
                </li>
              ))}
            </ul>
            <Button
              disabled={stately !== 'statelyDetached'}
              onClick={() => actor.send({ type: 'stately.attach' })}
            >
              {stately === 'statelyAttached'
                ? "Stately's inspector attached"
                : "Open Stately's inspector"}
            </Button>
            {context.statelyError ? <p role="alert">{context.statelyError}</p> : null}
          </Card>
        </aside>
      </Layout>
    </Page>
  );
}
