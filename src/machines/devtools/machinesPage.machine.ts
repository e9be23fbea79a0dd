import { assign, fromCallback, sendTo, setup, type AnyStateMachine } from 'xstate';
import {
  INSPECT_CHANNEL,
  isInspectionEnabled,
  pingRunningActors,
  setInspectionEnabled,
  type ActorReport,
  type ChannelMessage,
} from '../app/inspection';
import {
  startSimulation,
  stepSimulation,
  type Simulation,
  type SimulationChoice,
} from './simulation';

// The machines page (issue 10): which machine is drawn, which state is inspected, the running
// actors other tabs report while live inspection is on, and the simulate mode, where the shown
// machine's events are sent by hand.

/** State ids that are active for a state value, e.g. {a: 'x'} -> ['m.a', 'm.a.x']. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    `${machineId}.${key}`,
    ...activeStateIds(`${machineId}.${key}`, child),
  ]);
}

/** Reports of other tabs (and of this one); asks them all for their running actors on open. */
export const listenInspectionChannel = fromCallback<{ type: 'inspection.ping' }>(
  ({ sendBack, receive }) => {
    if (typeof BroadcastChannel === 'undefined') return () => undefined;
    const channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.onmessage = (message: MessageEvent<ChannelMessage>) => {
      if (message.data?.type !== 'inspection.ping') {
        sendBack({ type: 'inspection.report', report: message.data });
      }
    };
    receive(() => pingRunningActors(channel));
    pingRunningActors(channel);
    return () => channel.close();
  },
);

type Context = {
  selectedId: string;
  selectedStateId: string | null;
  inspecting: boolean;
  liveActors: Record<string, ActorReport>;
  followedActorId: string | null;
  /** The shown machine run by hand, while simulating. */
  simulation: Simulation | null;
  /** Whether the chart draws eventless transitions; null until the user says (drawn). */
  showEventless: boolean | null;
};

type Event =
  | { type: 'machines.select'; id: string }
  | { type: 'machines.selectState'; stateId: string | null }
  | { type: 'inspection.toggle' }
  | { type: 'inspection.report'; report: ActorReport }
  | { type: 'inspection.follow'; actorId: string | null }
  | { type: 'chart.showEventless'; show: boolean }
  /** The view hands the machine shown (the registry lists this machine too). */
  | { type: 'simulation.start'; machine: AnyStateMachine }
  | { type: 'simulation.send'; choice: SimulationChoice }
  | { type: 'simulation.reset' }
  | { type: 'simulation.stop' };

export const machinesPageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { selectedId: string },
  },
  actors: { listenInspectionChannel },
  guards: {
    isInspecting: ({ context }) => context.inspecting,
  },
  actions: {
    persistInspection: ({ context }) => setInspectionEnabled(context.inspecting),
    pingRunningActors: sendTo('inspectionChannel', { type: 'inspection.ping' }),
    assignSimulationStart: assign({
      simulation: ({ context, event }) => {
        if (event.type === 'simulation.start') return startSimulation(event.machine);
        return context.simulation && startSimulation(context.simulation.source);
      },
      followedActorId: null,
    }),
    assignSimulationStep: assign({
      simulation: ({ context, event }) =>
        context.simulation && event.type === 'simulation.send'
          ? stepSimulation(context.simulation, event.choice)
          : context.simulation,
    }),
    clearSimulation: assign({ simulation: null }),
    assignSelected: assign({
      selectedId: ({ context, event }) =>
        event.type === 'machines.select' ? event.id : context.selectedId,
      selectedStateId: null,
      followedActorId: null,
      showEventless: null,
    }),
    assignFollowed: assign({
      followedActorId: ({ event }) => (event.type === 'inspection.follow' ? event.actorId : null),
      // Following an actor draws its machine.
      selectedId: ({ context, event }) =>
        (event.type === 'inspection.follow' &&
          event.actorId &&
          context.liveActors[event.actorId]?.machineId) ||
        context.selectedId,
    }),
  },
}).createMachine({
  id: 'machinesPage',
  context: ({ input }) => ({
    selectedId: input.selectedId,
    selectedStateId: null,
    inspecting: isInspectionEnabled(),
    liveActors: {},
    followedActorId: null,
    simulation: null,
    showEventless: null,
  }),
  invoke: { id: 'inspectionChannel', src: 'listenInspectionChannel' },
  on: {
    'machines.select': { actions: 'assignSelected' },
    'chart.showEventless': { actions: assign({ showEventless: ({ event }) => event.show }) },
    'machines.selectState': { actions: assign({ selectedStateId: ({ event }) => event.stateId }) },
    'inspection.toggle': [
      {
        guard: 'isInspecting',
        // Tabs stop reporting: what is listed would only go stale.
        actions: [
          assign({ inspecting: false, liveActors: {}, followedActorId: null }),
          'persistInspection',
        ],
      },
      {
        actions: [assign({ inspecting: true }), 'persistInspection', 'pingRunningActors'],
      },
    ],
    'inspection.report': {
      guard: 'isInspecting',
      actions: assign({
        liveActors: ({ context, event }) => {
          const next = { ...context.liveActors };
          if (event.report.type === 'actor.stopped') delete next[event.report.actorId];
          else next[event.report.actorId] = event.report;
          return next;
        },
      }),
    },
    'inspection.follow': { actions: 'assignFollowed' },
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: { 'simulation.start': { target: 'simulating', actions: 'assignSimulationStart' } },
    },
    /** The chart shows the simulated state; another machine chosen ends it. */
    simulating: {
      exit: 'clearSimulation',
      on: {
        'simulation.send': { actions: 'assignSimulationStep' },
        'simulation.reset': { actions: 'assignSimulationStart' },
        'simulation.stop': 'viewing',
        'machines.select': { target: 'viewing', actions: 'assignSelected' },
        'inspection.follow': { target: 'viewing', actions: 'assignFollowed' },
      },
    },
  },
});

type Snapshot = { context: Context };

export const selectLiveActorsOfSelected = (snapshot: Snapshot) =>
  Object.entries(snapshot.context.liveActors)
    .filter(([, report]) => report.machineId === snapshot.context.selectedId)
    .map(([actorId, report]) => ({ actorId, report }));

/** Every running actor reported, grouped by machine. */
export const selectLiveActors = (snapshot: Snapshot) =>
  Object.entries(snapshot.context.liveActors)
    .map(([actorId, report]) => ({ actorId, report }))
    .sort(
      (a, b) =>
        a.report.machineId.localeCompare(b.report.machineId) || a.actorId.localeCompare(b.actorId),
    );

export const selectShowsEventless = (snapshot: Snapshot): boolean =>
  snapshot.context.showEventless ?? true;

export const selectHighlighted = (snapshot: Snapshot): string[] => {
  const { followedActorId, liveActors, selectedId, simulation } = snapshot.context;
  // What the simulation reached, or the followed actor's state.
  if (simulation) return activeStateIds(selectedId, simulation.snapshot.value);
  const report = followedActorId ? liveActors[followedActorId] : undefined;
  return report && report.machineId === selectedId ? activeStateIds(selectedId, report.value) : [];
};
