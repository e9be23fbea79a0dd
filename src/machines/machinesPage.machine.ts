import { assign, fromCallback, fromPromise, setup } from 'xstate';
import {
  attachStatelyInspector,
  INSPECT_CHANNEL,
  isInspectionEnabled,
  setInspectionEnabled,
  type ActorReport,
} from './inspector';

// The machines page (issue 10): which machine is drawn, which state is inspected, and the
// running actors other tabs report while live inspection is on.

/** State ids that are active for a state value, e.g. {a: 'x'} -> ['m.a', 'm.a.x']. */
export function activeStateIds(machineId: string, value: unknown): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) => [
    `${machineId}.${key}`,
    ...activeStateIds(`${machineId}.${key}`, child),
  ]);
}

export const listenInspectionChannel = fromCallback(({ sendBack }) => {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(INSPECT_CHANNEL);
  channel.onmessage = (message: MessageEvent<ActorReport>) =>
    sendBack({ type: 'inspection.report', report: message.data });
  return () => channel.close();
});

type Context = {
  selectedId: string;
  selectedStateId: string | null;
  inspecting: boolean;
  liveActors: Record<string, ActorReport>;
  followedActorId: string | null;
  statelyError: string | null;
};

type Event =
  | { type: 'machines.select'; id: string }
  | { type: 'machines.selectState'; stateId: string | null }
  | { type: 'inspection.toggle' }
  | { type: 'inspection.report'; report: ActorReport }
  | { type: 'inspection.follow'; actorId: string | null }
  | { type: 'stately.attach' };

export const machinesPageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { selectedId: string },
  },
  actors: {
    listenInspectionChannel,
    attachStately: fromPromise(() => attachStatelyInspector()),
  },
  actions: {
    persistInspection: ({ context }) => setInspectionEnabled(context.inspecting),
  },
}).createMachine({
  id: 'machinesPage',
  context: ({ input }) => ({
    selectedId: input.selectedId,
    selectedStateId: null,
    inspecting: isInspectionEnabled(),
    liveActors: {},
    followedActorId: null,
    statelyError: null,
  }),
  invoke: { src: 'listenInspectionChannel' },
  on: {
    'machines.select': {
      actions: assign({
        selectedId: ({ event }) => event.id,
        selectedStateId: null,
        followedActorId: null,
      }),
    },
    'machines.selectState': { actions: assign({ selectedStateId: ({ event }) => event.stateId }) },
    'inspection.toggle': {
      actions: [assign({ inspecting: ({ context }) => !context.inspecting }), 'persistInspection'],
    },
    'inspection.report': {
      actions: assign({
        liveActors: ({ context, event }) => {
          const next = { ...context.liveActors };
          if (event.report.type === 'actor.stopped') delete next[event.report.actorId];
          else next[event.report.actorId] = event.report;
          return next;
        },
      }),
    },
    'inspection.follow': { actions: assign({ followedActorId: ({ event }) => event.actorId }) },
  },
  initial: 'statelyDetached',
  states: {
    statelyDetached: {
      on: { 'stately.attach': 'statelyAttaching' },
    },
    statelyAttaching: {
      invoke: {
        src: 'attachStately',
        onDone: 'statelyAttached',
        onError: {
          target: 'statelyDetached',
          actions: assign({
            statelyError: ({ event }) =>
              event.error instanceof Error ? event.error.message : String(event.error),
          }),
        },
      },
    },
    statelyAttached: {},
  },
});

type Snapshot = { context: Context };

export const selectLiveActorsOfSelected = (snapshot: Snapshot) =>
  Object.entries(snapshot.context.liveActors)
    .filter(([, report]) => report.machineId === snapshot.context.selectedId)
    .map(([actorId, report]) => ({ actorId, report }));

export const selectHighlighted = (snapshot: Snapshot): string[] => {
  const { followedActorId, liveActors, selectedId } = snapshot.context;
  const report = followedActorId ? liveActors[followedActorId] : undefined;
  return report && report.machineId === selectedId ? activeStateIds(selectedId, report.value) : [];
};
