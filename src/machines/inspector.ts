import type { InspectionEvent, Observer } from 'xstate';

// Live inspection (issue 10). When enabled, every actor created with `inspect` reports its
// state on a BroadcastChannel, so the machines page (in another tab) can highlight the current
// state of a running actor without any network. Stately's hosted inspector can be attached too.

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

let channel: BroadcastChannel | undefined;
const tabId = Math.random().toString(36).slice(2, 8);

function post(report: ActorReport): void {
  if (typeof BroadcastChannel === 'undefined') return;
  channel ??= new BroadcastChannel(INSPECT_CHANNEL);
  channel.postMessage(report);
}

interface MachineLike {
  id?: string;
}

function report(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot') return;
  const logic = (event.actorRef as { logic?: MachineLike }).logic;
  const snapshot = event.snapshot as { value?: unknown; status?: string };
  if (!logic?.id || snapshot.value === undefined) return;
  post({
    type: snapshot.status === 'active' ? 'actor.snapshot' : 'actor.stopped',
    actorId: `${tabId}:${event.actorRef.sessionId}`,
    machineId: logic.id,
    value: snapshot.value,
    at: Date.now(),
  });
}

let stately: Observer<InspectionEvent> | undefined;

/** Opens Stately's inspector (needs network access); later actors report to it too. */
export async function attachStatelyInspector(): Promise<void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  stately = createBrowserInspector({ autoStart: true }).inspect;
}

/** Pass as `inspect` when creating actors; a no-op unless inspection is switched on. */
export const inspect = (event: InspectionEvent): void => {
  if (!isInspectionEnabled()) return;
  report(event);
  stately?.next?.(event);
};
