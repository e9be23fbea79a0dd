import { assign, sendParent, setup, type ActorRefFrom } from 'xstate';
import type { Message } from '../../i18n/message';
import { appActor } from '../app/appActors';

// docs/spec.md 2.1 and 9: toasts at top-centre, at most 3 at once, 3000 ms each, paused on hover.
export const TOAST_DURATION = 3000;
export const MAX_VISIBLE_TOASTS = 3;

export type ToastTone = 'success' | 'warning' | 'error';

export interface ToastData {
  id: number;
  tone: ToastTone;
  message: Message;
}

/** One visible toast: counts down, pauses while hovered, then tells its parent it expired. */
export const toastMachine = setup({
  types: {
    context: {} as ToastData,
    input: {} as ToastData,
    events: {} as { type: 'toast.pause' } | { type: 'toast.resume' } | { type: 'toast.dismiss' },
  },
  delays: { TOAST_DURATION },
  actions: {
    notifyExpired: sendParent(({ context }) => ({ type: 'toast.expired', id: context.id })),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => input,
  initial: 'showing',
  states: {
    showing: {
      after: { TOAST_DURATION: 'expired' },
      on: { 'toast.pause': 'paused', 'toast.dismiss': 'expired' },
    },
    paused: {
      on: { 'toast.resume': 'showing', 'toast.dismiss': 'expired' },
    },
    expired: {
      type: 'final',
      entry: 'notifyExpired',
    },
  },
});

export type ToastRef = ActorRefFrom<typeof toastMachine>;

type ToastsEvent =
  | { type: 'toast.show'; tone: ToastTone; message: Message }
  | { type: 'toast.expired'; id: number }
  | { type: 'toasts.pause' }
  | { type: 'toasts.resume' };

export const toastsMachine = setup({
  types: {
    context: {} as { visible: ToastRef[]; queue: ToastData[]; nextId: number },
    events: {} as ToastsEvent,
  },
  actors: { toast: toastMachine },
  guards: {
    hasRoom: ({ context }) => context.visible.length < MAX_VISIBLE_TOASTS,
  },
  actions: {
    assignShown: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.show') return {};
      const data = { id: context.nextId, tone: event.tone, message: event.message };
      return {
        nextId: context.nextId + 1,
        visible: [...context.visible, spawn('toast', { id: `toast-${data.id}`, input: data })],
      };
    }),
    assignQueued: assign(({ context, event }) => {
      if (event.type !== 'toast.show') return {};
      const data = { id: context.nextId, tone: event.tone, message: event.message };
      return { nextId: context.nextId + 1, queue: [...context.queue, data] };
    }),
    assignExpired: assign(({ context, event, spawn }) => {
      if (event.type !== 'toast.expired') return {};
      const visible = context.visible.filter((ref) => ref.getSnapshot().context.id !== event.id);
      const [next, ...queue] = context.queue;
      if (next) visible.push(spawn('toast', { id: `toast-${next.id}`, input: next }));
      return { visible, queue };
    }),
    pauseAll: ({ context }) => context.visible.forEach((ref) => ref.send({ type: 'toast.pause' })),
    resumeAll: ({ context }) =>
      context.visible.forEach((ref) => ref.send({ type: 'toast.resume' })),
  },
}).createMachine({
  id: 'toasts',
  context: { visible: [], queue: [], nextId: 1 },
  on: {
    'toast.show': [{ guard: 'hasRoom', actions: 'assignShown' }, { actions: 'assignQueued' }],
    'toast.expired': { actions: 'assignExpired' },
    'toasts.pause': { actions: 'pauseAll' },
    'toasts.resume': { actions: 'resumeAll' },
  },
});

/** The app's one toast stack; machines report outcomes through `notify`. */
export const toastsActor = () => appActor('toasts', toastsMachine);

// Deferred: machines call `notify` from their actions, and a synchronous send would make the
// toasts actor transition in the middle of the caller's transition (XState warns about that).
const show = (tone: ToastTone) => (message: Message) =>
  queueMicrotask(() => toastsActor().send({ type: 'toast.show', tone, message }));

export const notify = {
  success: show('success'),
  warning: show('warning'),
  error: show('error'),
};
