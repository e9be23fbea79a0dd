import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { machineToChart } from '../../machines/devtools/chart';
import {
  machinesPageMachine,
  selectHighlighted,
  selectLiveActors,
  selectShowsEventless,
} from '../../machines/devtools/machinesPage.machine';
import { machineRegistry } from '../../machines/devtools/registry';
import { usePageTitle } from '../shell/title';
import { Button, Card, Page, PageHeader, SectionTitle, useT } from '../ui';
import { Checkbox } from '../ui/Form';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { useQueryParams } from '../useQueryParams';
import { AppActorList } from './AppActorList';
import { LiveInspection } from './LiveInspection';
import { MachineChart } from './MachineChart';
import { MachineExport } from './MachineExport';
import { Simulator } from './Simulator';
import { StateDetails } from './StateDetails';
import { StateList } from './StateList';
import '../../i18n/en/devtools';

const Layout = styled('div', {
  display: 'grid',
  gridTemplateColumns: '180px minmax(0, 1fr) 300px',
  gap: '$4',
  alignItems: 'start',
  '@mobile': { gridTemplateColumns: '1fr' },
});

const MachineList = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  button: {
    width: '100%',
    textAlign: 'left',
    padding: '$1 $2',
    border: 'none',
    borderRadius: '$2',
    backgroundColor: 'transparent',
    color: '$text',
    fontSize: '$2',
    cursor: 'pointer',
    '&:hover': { backgroundColor: '$surfaceAlt' },
    '&[aria-current="true"]': { backgroundColor: '$primary', color: '$primaryText' },
  },
});

const Summary = styled('p', { margin: '0 0 $3', color: '$textMuted' });

/** `?machine=console` opens that machine's chart (links, the README screenshot). */
function initialMachineId(query: URLSearchParams): string {
  const wanted = query.get('machine');
  const known = machineRegistry.find((entry) => entry.id === wanted);
  return known?.id ?? machineRegistry[0]?.id ?? '';
}

/** Every machine as a state chart, computed from its definition (issue 10). */
export function MachinesPage() {
  const t = useT();
  usePageTitle(t('devtools.title'));
  const query = useQueryParams();
  const actor = useInspectedActorRef(machinesPageMachine, {
    input: { selectedId: initialMachineId(query) },
  });
  const context = useSelector(actor, (snapshot) => snapshot.context);
  const liveActors = useSelector(actor, selectLiveActors);
  const highlighted = useSelector(actor, selectHighlighted);
  const entry = machineRegistry.find((item) => item.id === context.selectedId);
  const chart = useMemo(() => (entry ? machineToChart(entry.machine) : null), [entry]);
  const selectedState = chart?.nodes.find((node) => node.id === context.selectedStateId);
  const eventlessCount = chart?.edges.filter((edge) => edge.event === '').length ?? 0;
  const showsEventless = useSelector(actor, selectShowsEventless);
  const drawn = useMemo(
    () =>
      chart && !showsEventless
        ? { ...chart, edges: chart.edges.filter((edge) => edge.event !== '') }
        : chart,
    [chart, showsEventless],
  );
  const selectState = (stateId: string) => actor.send({ type: 'machines.selectState', stateId });
  const select = (id: string) => actor.send({ type: 'machines.select', id });

  return (
    <Page css={{ maxWidth: '1600px' }}>
      <PageHeader>
        <h1>{t('devtools.title')}</h1>
      </PageHeader>
      <Layout>
        <nav aria-label={t('devtools.title')}>
          <AppActorList selectedId={context.selectedId} onSelect={select} />
          <SectionTitle>{t('devtools.allMachines')}</SectionTitle>
          <MachineList>
            {machineRegistry.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  title={item.description}
                  aria-current={item.id === context.selectedId ? 'true' : undefined}
                  onClick={() => select(item.id)}
                >
                  {item.id}
                </button>
              </li>
            ))}
          </MachineList>
        </nav>
        <section aria-label={t('devtools.chartSection')}>
          {entry && chart ? (
            <>
              <Summary>
                <strong>{entry.id}</strong>
                {t('devtools.summary', {
                  description: entry.description,
                  states: t('devtools.states', { count: chart.nodes.length }),
                  transitions: t('devtools.transitions', { count: chart.edges.length }),
                })}
              </Summary>
              <MachineExport entry={entry} />
              {context.simulation ? null : (
                <Button
                  size="small"
                  onClick={() => actor.send({ type: 'simulation.start', machine: entry.machine })}
                >
                  {t('devtools.simulate.start')}
                </Button>
              )}
              {eventlessCount ? (
                <Checkbox
                  label={t('devtools.drawEventless', { count: eventlessCount })}
                  checked={showsEventless}
                  onChange={() =>
                    actor.send({ type: 'chart.showEventless', show: !showsEventless })
                  }
                />
              ) : null}
              {context.simulation ? (
                <Simulator
                  simulation={context.simulation}
                  onSend={(choice) => actor.send({ type: 'simulation.send', choice })}
                  onReset={() => actor.send({ type: 'simulation.reset' })}
                  onStop={() => actor.send({ type: 'simulation.stop' })}
                />
              ) : null}
              <MachineChart
                // Another machine, or its eventless transitions shown or hidden: drawn afresh.
                key={`${entry.id}:${showsEventless}`}
                chart={drawn ?? chart}
                highlighted={highlighted}
                selectedStateId={context.selectedStateId}
                onSelectState={selectState}
              />
              <StateList
                chart={chart}
                selectedStateId={context.selectedStateId}
                highlighted={highlighted}
                onSelect={selectState}
              />
            </>
          ) : null}
        </section>
        <aside>
          <Card>
            <SectionTitle css={{ marginTop: 0 }}>{t('devtools.state')}</SectionTitle>
            {chart && selectedState ? (
              <StateDetails chart={chart} node={selectedState} />
            ) : (
              <p>{t('devtools.chooseState')}</p>
            )}
            <LiveInspection
              inspecting={context.inspecting}
              actors={liveActors}
              followedActorId={context.followedActorId}
              onToggle={() => actor.send({ type: 'inspection.toggle' })}
              onFollow={(actorId) => actor.send({ type: 'inspection.follow', actorId })}
            />
          </Card>
        </aside>
      </Layout>
    </Page>
  );
}
