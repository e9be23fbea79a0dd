import {
  createActor,
  type ActorRefFrom,
  type AnyActorLogic,
  type AnyActorRef,
  type InputFrom,
} from 'xstate';
import { inspect } from './inspection';

// Every long-lived actor of the app (docs/architecture.md 3, "App-wide actors"): this module
// creates, names and ends them all; nothing else keeps an actor in a module variable. Each is
// started on first use by its accessor (`themeActor()` is `appActor('theme', themeMachine)`), so
// one whose code loads on demand (the palette, the search drawer, notifications, Stately's
// inspector) is listed here without its code being on the first screen. An actor of the signed-in
// user ends when the session ends (signed out, or a 401): after a sign-out no shortcut works on
// the login page, nothing pressed there is remembered at the next sign-in, and nothing of the
// previous user (recent builds, watched builds, the search list) is kept (docs/spec.md 2.11).

/** 'app': from first use until the tab closes. 'user': from first use until the session ends. */
export type ActorScope = 'app' | 'user';

/** The list: each actor's name (its machine's id, the machines page's chart) and scope. */
export const APP_ACTORS = {
  session: 'app',
  language: 'app',
  theme: 'app',
  toasts: 'app',
  ticker: 'app',
  repoEvents: 'app',
  statelyInspector: 'app',
  paletteKeys: 'user',
  palette: 'user',
  search: 'user',
  notifications: 'user',
  buildHistory: 'user',
} as const satisfies Record<string, ActorScope>;

export type AppActorName = keyof typeof APP_ACTORS;

const running = new Map<AppActorName, { actor: AnyActorRef }>();
/** Tests: the logic (and input) an actor runs instead of its own, until swapped back. */
const swapped = new Map<AppActorName, { logic: AnyActorLogic; input?: () => unknown }>();
const listeners = new Set<() => void>();
/** The names running, a new array only when it changes (a React store's snapshot). */
let runningNames: readonly AppActorName[] = [];

function changed(): void {
  runningNames = [...running.keys()];
  for (const listener of listeners) listener();
}

/**
 * The app's one actor named `name`, started with `logic` (and `input()`) on first use.
 * `onStart` runs once, right after it starts (the palette tells its key listener).
 */
export function appActor<TLogic extends AnyActorLogic>(
  name: AppActorName,
  logic: TLogic,
  options: {
    input?: () => InputFrom<TLogic>;
    onStart?: (actor: ActorRefFrom<TLogic>) => void;
  } = {},
): ActorRefFrom<TLogic> {
  let started = running.get(name);
  if (!started) {
    const swap = swapped.get(name);
    const input = swap?.input ?? options.input;
    const actor = createActor(swap?.logic ?? logic, { id: name, inspect, input: input?.() });
    // Listed before it starts: whatever its start leads to finds this one, not a second.
    started = { actor };
    running.set(name, started);
    actor.start();
    options.onStart?.(actor as ActorRefFrom<TLogic>);
    changed();
  }
  return started.actor as ActorRefFrom<TLogic>;
}

/** The actor if it runs, without starting it. */
export function runningAppActor(name: AppActorName): AnyActorRef | undefined {
  return running.get(name)?.actor;
}

/** Stops and forgets one actor; its next use starts a fresh one. */
export function endAppActor(name: AppActorName): void {
  const started = running.get(name);
  if (!started) return;
  running.delete(name);
  started.actor.stop();
  changed();
}

/** The session ended: every user's actor stops; the next sign-in starts fresh ones on use. */
export function endUserActors(): void {
  for (const name of [...running.keys()]) {
    if (APP_ACTORS[name] === 'user') endAppActor(name);
  }
}

/** Tests: every actor ends and runs its own logic again, so the next test starts afresh. */
export function resetAppActors(): void {
  for (const name of [...running.keys()]) endAppActor(name);
  swapped.clear();
}

/**
 * Tests: ends the actor; the next one runs `logic` with `input` (a machine with `.provide()`d
 * actors the test answers), or its own logic again when none is given.
 */
export function swapAppActor(name: AppActorName, logic?: AnyActorLogic, input?: () => unknown) {
  endAppActor(name);
  if (logic) swapped.set(name, { logic, input });
  else swapped.delete(name);
}

/** The machines page: which of the list run in this tab, kept current. */
export function subscribeAppActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function runningAppActorNames(): readonly AppActorName[] {
  return runningNames;
}
