import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import { modelOf, reportCoverage } from '../../tests/model';
import { COPIED_DURATION, copyMachine } from './copy.machine';

function startCopy(fail = false) {
  const written: string[] = [];
  const actor = createActor(
    copyMachine.provide({
      actors: {
        writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
          if (fail) throw new Error('denied');
          written.push(input.text);
        }),
      },
    }),
  ).start();
  return { actor, written };
}

describe('copy machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("reads 'Copied' for 2000 ms, then goes back", async () => {
    const { actor, written } = startCopy();
    actor.send({ type: 'copy.request', text: 'secret-token' });
    await waitFor(actor, (s) => s.matches('copied'));
    expect(written).toEqual(['secret-token']);
    vi.advanceTimersByTime(COPIED_DURATION - 1);
    expect(actor.getSnapshot().value).toBe('copied');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('restarts the 2000 ms when copied again', async () => {
    const { actor } = startCopy();
    actor.send({ type: 'copy.request', text: 'a' });
    await waitFor(actor, (s) => s.matches('copied'));
    vi.advanceTimersByTime(1500);
    actor.send({ type: 'copy.request', text: 'b' });
    await waitFor(actor, (s) => s.matches('copied'));
    vi.advanceTimersByTime(1500);
    expect(actor.getSnapshot().value).toBe('copied');
    vi.advanceTimersByTime(500);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('reports a refused clipboard for 2000 ms', async () => {
    const { actor } = startCopy(true);
    actor.send({ type: 'copy.request', text: 'a' });
    await waitFor(actor, (s) => s.matches('failed'));
    vi.advanceTimersByTime(COPIED_DURATION);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});

describe('copy machine, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const model = modelOf(copyMachine, [
    { type: 'copy.request', text: 'token' },
    { type: 'xstate.done.actor.writeClipboard' },
    { type: 'xstate.error.actor.writeClipboard', error: new Error('denied') },
    { type: 'xstate.after.COPIED_DURATION.copy.copied' },
    { type: 'xstate.after.COPIED_DURATION.copy.failed' },
  ]);

  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    const coverage = reportCoverage(copyMachine, { paths });
    expect(coverage.missingStates).toEqual([]);
    expect(coverage.missingTransitions).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      // Each call to the clipboard waits for the path to say how it ends.
      let settle: { resolve: () => void; reject: (e: unknown) => void } | undefined;
      const actor = createActor(
        copyMachine.provide({
          actors: {
            writeClipboard: fromPromise<void, { text: string }>(
              () => new Promise<void>((resolve, reject) => (settle = { resolve, reject })),
            ),
          },
        }),
      ).start();
      const settled = () => waitFor(actor, (s) => !s.matches('copying'));
      await path.test({
        states: {
          idle: () => expect(actor.getSnapshot().value).toBe('idle'),
          copying: () => expect(actor.getSnapshot().value).toBe('copying'),
          copied: () => expect(actor.getSnapshot().value).toBe('copied'),
          failed: () => expect(actor.getSnapshot().value).toBe('failed'),
        },
        events: {
          'copy.request': ({ event }: { event: AnyEventObject }) => actor.send(event as never),
          'xstate.done.actor.writeClipboard': () => (settle!.resolve(), settled()),
          'xstate.error.actor.writeClipboard': () => (
            settle!.reject(new Error('denied')),
            settled()
          ),
          'xstate.after.COPIED_DURATION.copy.copied': () => {
            vi.advanceTimersByTime(COPIED_DURATION);
          },
          'xstate.after.COPIED_DURATION.copy.failed': () => {
            vi.advanceTimersByTime(COPIED_DURATION);
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
