import { assign, enqueueActions, fromCallback, setup, type ActorRef, type Snapshot } from 'xstate';
import type { LogLines } from '../../logs';
import { AnnotationScanner } from '../../logs/annotations/extract';
import type { Annotation } from '../../logs/annotations/types';
import { runInSlices, yieldToBrowser, type Schedule } from '../../logs/slices';
import { listenKeys, type KeyPressEvent } from '../shell/keys';
import { repoMatchers } from './repoMatchers';

// Issue 30 item 3: a finished step's annotations, listed beside its log, with no cap. Its code
// loads with the list (views/console/AnnotationList.tsx, after the first lines); the log is read
// in slices once it is all in, never on the first lines' path. `e` / `E` go to the next /
// previous annotation: the viewer selects its line (`#L`) and scrolls to it.

export const ANNOTATION_KEYS = ['e', 'E'] as const;

/** The log viewer's events this machine sends (machines/console/logViewer.machine.ts). */
export type ViewerTarget = ActorRef<
  Snapshot<unknown>,
  { type: 'line.select'; line: number; extend: boolean } | { type: 'log.reveal'; line: number }
>;

export interface AnnotationsInput {
  viewer: ViewerTarget;
  /** `namespace/name`: whose problem matchers to add. */
  slug: string;
}

export interface AnnotationsContext extends AnnotationsInput {
  lines: LogLines | null;
  annotations: Annotation[];
  /** Index of the annotation last gone to; -1 before any. */
  current: number;
  /** The first line's pos: above 0, the runner dropped the start of the log. */
  firstPos: number;
}

export interface AnnotationsProgressEvent {
  type: 'annotations.progress';
  lines: LogLines;
  annotations: Annotation[];
  done: boolean;
}

export type AnnotationsEvent =
  /** The step's log as the console holds it; `done`: it is all in (the step finished). */
  | { type: 'annotations.log'; lines: LogLines; done: boolean }
  | AnnotationsProgressEvent
  | { type: 'annotation.next' }
  | { type: 'annotation.previous' }
  | { type: 'annotation.go'; index: number }
  | KeyPressEvent;

/** Reads the log in slices, reporting what is found after each. */
export function createExtract(schedule: Schedule = yieldToBrowser) {
  return fromCallback<{ type: 'noop' }, { lines: LogLines; slug: string }>(
    ({ sendBack, input }) => {
      const { lines } = input;
      const scanner = new AnnotationScanner(repoMatchers(input.slug));
      return runInSlices((shouldYield) => {
        do scanner.scan(lines, Math.min(lines.length, scanner.next + 1024));
        while (scanner.next < lines.length && !shouldYield());
        const done = scanner.next >= lines.length;
        sendBack({
          type: 'annotations.progress',
          lines,
          annotations: scanner.annotations(),
          done,
        } satisfies AnnotationsProgressEvent);
        return done;
      }, schedule);
    },
  );
}

export const annotationsMachine = setup({
  types: {
    context: {} as AnnotationsContext,
    input: {} as AnnotationsInput,
    events: {} as AnnotationsEvent,
  },
  actors: { extract: createExtract(), listenKeys },
  guards: {
    isNewFinishedLog: ({ context, event }) =>
      event.type === 'annotations.log' && event.done && event.lines !== context.lines,
    isCurrentProgress: ({ context, event }) =>
      event.type === 'annotations.progress' && event.lines === context.lines,
    isLastProgress: ({ event }) => event.type === 'annotations.progress' && event.done,
    hasAnnotations: ({ context }) => context.annotations.length > 0,
  },
  actions: {
    assignLog: assign(({ event }) =>
      event.type === 'annotations.log'
        ? {
            lines: event.lines,
            annotations: [],
            current: -1,
            firstPos: event.lines.length > 0 ? event.lines.posAt(0) : 0,
          }
        : {},
    ),
    assignFound: assign(({ event }) =>
      event.type === 'annotations.progress' ? { annotations: event.annotations } : {},
    ),
    /** Selects the annotation's line (`#L`) and scrolls the log to it. */
    goTo: enqueueActions(({ context, event, enqueue }) => {
      const count = context.annotations.length;
      let index = context.current;
      if (event.type === 'annotation.go') index = event.index;
      else if (
        event.type === 'annotation.next' ||
        (event.type === 'key.pressed' && event.key === 'e')
      )
        index = (index + 1) % count;
      else index = (index - 1 + count) % count;
      const annotation = context.annotations[index];
      if (!annotation) return;
      enqueue.assign({ current: index });
      enqueue.sendTo(context.viewer, {
        type: 'line.select',
        line: annotation.number,
        extend: false,
      });
      enqueue.sendTo(context.viewer, { type: 'log.reveal', line: annotation.index });
    }),
  },
}).createMachine({
  id: 'annotations',
  context: ({ input }) => ({ ...input, lines: null, annotations: [], current: -1, firstPos: 0 }),
  invoke: { src: 'listenKeys', input: { keys: ANNOTATION_KEYS } },
  initial: 'waiting',
  // A new finished log (another step, or the same step read again) starts over.
  on: {
    'annotations.log': { guard: 'isNewFinishedLog', target: '.reading', actions: 'assignLog' },
  },
  states: {
    // The step runs (or has not loaded): its log is read once it is all in.
    waiting: {},
    reading: {
      invoke: {
        src: 'extract',
        input: ({ context }) => ({ lines: context.lines!, slug: context.slug }),
      },
      on: {
        'annotations.progress': [
          { guard: 'isLastProgress', target: 'ready', actions: 'assignFound' },
          { guard: 'isCurrentProgress', actions: 'assignFound' },
        ],
      },
    },
    ready: {
      on: {
        'annotation.next': { guard: 'hasAnnotations', actions: 'goTo' },
        'annotation.previous': { guard: 'hasAnnotations', actions: 'goTo' },
        'annotation.go': { guard: 'hasAnnotations', actions: 'goTo' },
        'key.pressed': { guard: 'hasAnnotations', actions: 'goTo' },
      },
    },
  },
});
