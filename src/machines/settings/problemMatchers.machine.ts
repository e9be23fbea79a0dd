import { assign, fromPromise, setup } from 'xstate';
import { msg, type Message } from '../../i18n/message';
import { parseMatcherFile } from '../../logs/annotations/problemMatchers';
import { readMatcherText, writeMatcherText } from '../console/repoMatchers';

// Issue 30 item 3: a repository's own problem matchers (GitHub's JSON), edited in its settings
// and kept in this browser (docs/problem-matchers.md). A text that does not read as a matcher
// file is refused with what is wrong; an empty one removes them.

export interface ProblemMatchersContext {
  slug: string;
  text: string;
  /** What the last save said. */
  result: Message | null;
}

export type ProblemMatchersEvent =
  { type: 'matchers.edit'; text: string } | { type: 'matchers.save' };

/** Stores the text; resolves to how many matchers it holds, rejects when the browser refuses. */
export const storeMatchers = fromPromise<number, { slug: string; text: string }>(
  async ({ input }) => {
    const file = parseMatcherFile(input.text);
    if (!writeMatcherText(input.slug, input.text)) throw new Error('storage refused');
    return input.text.trim() && file.ok ? file.matchers.length : 0;
  },
);

export const problemMatchersMachine = setup({
  types: {
    context: {} as ProblemMatchersContext,
    input: {} as { slug: string },
    events: {} as ProblemMatchersEvent,
  },
  actors: { storeMatchers },
  guards: {
    isUnreadable: ({ context }) => context.text.trim() !== '' && !parseMatcherFile(context.text).ok,
  },
  actions: {
    assignText: assign(({ event }) =>
      event.type === 'matchers.edit' ? { text: event.text, result: null } : {},
    ),
    assignInvalid: assign(({ context }) => {
      const file = parseMatcherFile(context.text);
      return { result: file.ok ? null : msg('settings.matchers.invalid', { message: file.error }) };
    }),
  },
}).createMachine({
  id: 'problemMatchers',
  context: ({ input }) => ({ slug: input.slug, text: readMatcherText(input.slug), result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'matchers.edit': { actions: 'assignText' },
        'matchers.save': [
          { guard: 'isUnreadable', actions: 'assignInvalid' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'storeMatchers',
        input: ({ context }) => ({ slug: context.slug, text: context.text }),
        onDone: {
          target: 'editing',
          actions: assign({
            result: ({ event }) =>
              event.output > 0
                ? msg('settings.matchers.saved', { count: event.output })
                : msg('settings.matchers.cleared'),
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({ result: msg('settings.matchers.storageFailed') }),
        },
      },
    },
  },
});
