import type { AnyActorRef, InspectionEvent, Observer } from 'xstate';

// Live inspection (issue 10). Every actor created with `inspect` (the app-wide ones of
// appActors.ts, and the views' through useInspectedActorRef) is recorded here. When inspection is
// switched on, each reports its state on a BroadcastChannel, so the machines page (in another
// tab) can highlight the current state of a running actor without any network. When this tab is
// attached to Stately's inspector (machines/devtools/statelyInspector.machine.ts, loaded on
// demand), every event goes to it too, redacted there.

export const INSPECT_STORAGE_KEY = 'drone_inspect_machines';

/** `?inspect=stately` in the address a tab was opened at: its actors go to Stately's inspector. */
export const isStatelyAsked = (search: string) =>
  new URLSearchParams(search).get('inspect') === 'stately';
export const INSPECT_CHANNEL = 'drone-machines';

export interface ActorReport {
  type: 'actor.snapshot' | 'actor.stopped';
  /** Unique per tab and actor. */
  actorId: string;
  /** The machine's id, i.e. its definition in the registry. */
  machineId: string;
  /** The state value as JSON. */
  value: unknown;
  at: number;
}

/** The machines page asks every tab for its running actors when it opens or switches on. */
export interface InspectionPing {
  type: 'inspection.ping';
}

export type ChannelMessage = ActorReport | InspectionPing;

export function isInspectionEnabled(): boolean {
  try {
    return (
      typeof localStorage !== 'undefined' && localStorage.getItem(INSPECT_STORAGE_KEY) === 'on'
    );
  } catch {
    return false;
  }
}

export function setInspectionEnabled(on: boolean): void {
  localStorage.setItem(INSPECT_STORAGE_KEY, on ? 'on' : 'off');
}

const tabId = Math.random().toString(36).slice(2, 8);
/** This tab's running actors, kept whether or not inspection is on, to answer a ping. */
const running = new Map<string, ActorReport>();
/** The same actors themselves: Stately's inspector, attached later, is told about each. */
const runningRefs = new Map<string, AnyActorRef>();
let channel: BroadcastChannel | undefined;

/** Opened only once inspection is on: an open channel would keep a Node test run alive. */
function openChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined' || !isInspectionEnabled()) return undefined;
  if (!channel) {
    channel = new BroadcastChannel(INSPECT_CHANNEL);
    channel.onmessage = (message: MessageEvent<ChannelMessage>) => {
      if (message.data?.type === 'inspection.ping') announceRunning();
    };
  }
  return channel;
}

function post(report: ActorReport): void {
  openChannel()?.postMessage(report);
}

/** Re-sends every running actor of this tab (a machines page opened or switched on). */
function announceRunning(): void {
  for (const report of running.values()) post(report);
}

interface MachineLike {
  id?: string;
}

function record(event: InspectionEvent): ActorReport | null {
  if (event.type !== '@xstate.snapshot') return null;
  const logic = (event.actorRef as { logic?: MachineLike }).logic;
  const snapshot = event.snapshot as { value?: unknown; status?: string };
  if (!logic?.id || snapshot.value === undefined) return null;
  const actorId = `${tabId}:${event.actorRef.sessionId}`;
  const previous = running.get(actorId);
  const report: ActorReport = {
    type: snapshot.status === 'active' ? 'actor.snapshot' : 'actor.stopped',
    actorId,
    machineId: logic.id,
    value: snapshot.value,
    at: Date.now(),
  };
  if (report.type === 'actor.stopped') {
    running.delete(actorId);
    runningRefs.delete(actorId);
  } else {
    running.set(actorId, report);
    runningRefs.set(actorId, event.actorRef as AnyActorRef);
  }
  // A context-only change (a tick, a batch of log lines) is not news for the chart.
  const unchanged =
    previous &&
    report.type === 'actor.snapshot' &&
    JSON.stringify(previous.value) === JSON.stringify(report.value);
  return unchanged ? null : report;
}

if (typeof window !== 'undefined') {
  // Switched on in another tab: announce what already runs here, without waiting for news.
  window.addEventListener('storage', (event) => {
    if (event.key === INSPECT_STORAGE_KEY && event.newValue === 'on') announceRunning();
  });
  // A closed or reloaded tab takes its actors with it.
  window.addEventListener('pagehide', () => {
    for (const report of running.values()) post({ ...report, type: 'actor.stopped' });
  });
}

let stately: Observer<InspectionEvent> | undefined;

/**
 * Stately's inspector attached (an observer) or detached (undefined): every event of this tab's
 * actors goes to it. Returns the actors running now, for the inspector to be told about them.
 */
export function forwardToStately(observer: Observer<InspectionEvent> | undefined): AnyActorRef[] {
  stately = observer;
  return [...runningRefs.values()];
}

/** Pass as `inspect` when creating actors; reports only while inspection is switched on. */
export const inspect = (event: InspectionEvent): void => {
  const report = record(event);
  stately?.next?.(event);
  if (report && isInspectionEnabled()) post(report);
};

/** Asks every tab for its running actors (the machines page, when it opens or switches on). */
export function pingRunningActors(target: BroadcastChannel): void {
  target.postMessage({ type: 'inspection.ping' } satisfies InspectionPing);
}
