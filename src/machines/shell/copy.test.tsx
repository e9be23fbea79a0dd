import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { act, fireEvent, screen } from '@testing-library/react';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { renderWithMachines } from '../../../tests/renderMachine';
import { CopyButton } from '../../views/ui/CopyButton';
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

describe('copy machine, model-based, through CopyButton', () => {
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
    expect(leftOutOfChart(copyMachine, { paths })).toEqual([]);
  });

  // What the button reads in each state (docs/spec.md 2.10: 'Copied' for 2000 ms).
  const shows: Record<string, string> = {
    idle: 'Copy',
    copying: 'Copy',
    copied: 'Copied',
    failed: 'Copy failed',
  };

  for (const path of paths) {
    it(pathName(path), async () => {
      const clipboard = createSettler();
      const machine = copyMachine.provide({
        actors: { writeClipboard: fromPromise<void, { text: string }>(() => clipboard.call()) },
      });
      const view = renderWithMachines(<CopyButton text="token" ariaLabel="Copy token" />, {
        machines: [[copyMachine, machine]],
      });
      const button = screen.getByRole('button', { name: 'Copy token' });
      const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
      await path.test({
        states: Object.fromEntries(
          Object.entries(shows).map(([state, text]) => [
            state,
            () => {
              expect(button).toHaveTextContent(text, { normalizeWhitespace: true });
            },
          ]),
        ),
        events: {
          'copy.request': () => (fireEvent.click(button), flush()),
          'xstate.done.actor.writeClipboard': ({ event }) => (clipboard.settle(event), flush()),
          'xstate.error.actor.writeClipboard': ({ event }) => (clipboard.settle(event), flush()),
          'xstate.after.COPIED_DURATION.copy.copied': () =>
            act(() => vi.advanceTimersByTimeAsync(COPIED_DURATION)),
          'xstate.after.COPIED_DURATION.copy.failed': () =>
            act(() => vi.advanceTimersByTimeAsync(COPIED_DURATION)),
        },
      });
      expect(view.actorOf(copyMachine).getSnapshot().value).toEqual(path.state.value);
    });
  }
});
