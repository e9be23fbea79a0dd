import type { InspectionEvent, Observer } from 'xstate';
import { config } from '../../config';

// Live inspection (issue 10). When enabled, every actor created with `inspect` reports its
// state on a BroadcastChannel, so the machines page (in another tab) can highlight the current
// state of a running actor without any network. Stately's hosted inspector can be attached too:
// it is a page on another origin, so what it receives goes through redactInspection first
// (issue 28 item 2: no token, password or secret value leaves the tab).

export const INSPECT_STORAGE_KEY = 'drone_inspect_machines';
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
  if (report.type === 'actor.stopped') running.delete(actorId);
  else running.set(actorId, report);
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

/** Where "Open Stately's inspector" sends this tab's events and states. */
export const STATELY_INSPECTOR_URL = 'https://stately.ai/inspect';

/**
 * Opens Stately's inspector (needs network access); later actors report to it too. `serialize`
 * is the last step before a message is posted to its window (the library's `sanitizeContext` and
 * `sanitizeEvent` miss the actors' definitions, their children and done events' output), so
 * every message is a redacted copy, the configured token looked for everywhere in it.
 */
export async function attachStatelyInspector(): Promise<void> {
  // Loaded with the inspector: the first screen carries neither.
  const [{ createBrowserInspector }, { redactInspection }] = await Promise.all([
    import('@statelyai/inspect'),
    import('./redact'),
  ]);
  stately = createBrowserInspector({
    autoStart: true,
    url: STATELY_INSPECTOR_URL,
    serialize: (event) => redactInspection(event, [config.token]),
  }).inspect;
}

/** Pass as `inspect` when creating actors; reports only while inspection is switched on. */
export const inspect = (event: InspectionEvent): void => {
  const report = record(event);
  if (!isInspectionEnabled()) return;
  if (report) post(report);
  stately?.next?.(event);
};

/** Asks every tab for its running actors (the machines page, when it opens or switches on). */
export function pingRunningActors(target: BroadcastChannel): void {
  target.postMessage({ type: 'inspection.ping' } satisfies InspectionPing);
}
