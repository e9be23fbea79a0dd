import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Line } from '../../api/types';
import { LogLines } from '../../logs';
import * as scanCode from '../../logs/searchScan';
import { createScanLog, logSearchMachine } from './logSearch.machine';

// The search machine with its scan's slices run by hand (`flush`), and the reveal requests it
// sends its parent recorded.

const lines = (texts: string[], from = 0): Line[] =>
  texts.map((text, index) => ({ pos: from + index, out: `${text}\n`, time: 0 }));

function start(texts: string[]) {
  const queue: Array<() => void> = [];
  const schedule = (task: () => void) => {
    queue.push(task);
    return () => queue.splice(queue.indexOf(task) >>> 0, 1);
  };
  const revealed: number[] = [];
  const machine = logSearchMachine.provide({
    actors: { scanLog: createScanLog(schedule, () => scanCode) },
    actions: {
      notifyReveal: ({ context }) => {
        revealed.push(context.progress.matches.locate(context.current)!.line);
      },
    },
  });
  const actor = createActor(machine, { input: { lines: LogLines.from(lines(texts)) } }).start();
  const flush = () => {
    while (queue.length > 0) queue.shift()!();
  };
  const count = () => {
    const { current, progress } = actor.getSnapshot().context;
    return `${current + 1} of ${progress.matches.total}`;
  };
  return { actor, flush, revealed, count };
}

describe('logSearch machine', () => {
  it('opens, builds the index, searches the whole log and lands on the first match', () => {
    const { actor, flush, revealed, count } = start(['boot', 'error: one', 'ok', 'ERROR two']);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'search.open' });
    expect(actor.getSnapshot().value).toEqual({ open: 'indexing' });
    flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'ready' });
    actor.send({ type: 'search.type', text: 'error' });
    expect(actor.getSnapshot().value).toEqual({ open: 'scanning' });
    flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'searched' });
    expect(count()).toBe('1 of 2');
    expect(revealed).toEqual([1]);
  });

  it('steps through matches with next and previous, wrapping around', () => {
    const { actor, flush, revealed, count } = start(['a x', 'b', 'x x']);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', text: 'x' });
    flush();
    expect(count()).toBe('1 of 3');
    actor.send({ type: 'search.next' });
    actor.send({ type: 'search.next' });
    expect(count()).toBe('3 of 3');
    actor.send({ type: 'search.next' });
    expect(count()).toBe('1 of 3');
    actor.send({ type: 'search.previous' });
    expect(count()).toBe('3 of 3');
    expect(revealed).toEqual([0, 2, 2, 0, 2]);
  });

  it('switches to regular expressions and case, and explains an invalid pattern', () => {
    const { actor, flush, count } = start(['Build 12', 'build 7', 'rebuild']);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', text: '^build \\d+' });
    flush();
    expect(count()).toBe('0 of 0');
    actor.send({ type: 'search.toggleRegex' });
    flush();
    expect(count()).toBe('1 of 2');
    actor.send({ type: 'search.toggleCase' });
    flush();
    expect(count()).toBe('1 of 1');
    actor.send({ type: 'search.type', text: '[' });
    expect(actor.getSnapshot().value).toEqual({ open: 'invalid' });
    expect(actor.getSnapshot().context.compiled).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid regular expression: /),
    });
  });

  it('counts matches in lines that stream in, keeping the current match', () => {
    const { actor, flush, count } = start(['deploy a', 'wait']);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', text: 'deploy' });
    flush();
    actor.send({ type: 'search.next' });
    expect(count()).toBe('1 of 1');
    const grown = actor.getSnapshot().context.lines.append(lines(['deploy b', 'deploy c'], 2));
    actor.send({ type: 'search.lines', lines: grown });
    expect(actor.getSnapshot().value).toEqual({ open: 'scanning' });
    flush();
    expect(count()).toBe('1 of 3');
    actor.send({ type: 'search.next' });
    expect(count()).toBe('2 of 3');
  });

  it('starts over when lines are merged in before the end', () => {
    const { actor, flush, count } = start(['x']);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', text: 'x' });
    flush();
    const streamed = LogLines.from([
      { pos: 0, out: 'x\n', time: 0 },
      { pos: 5, out: 'x\n', time: 0 },
    ]);
    actor.send({ type: 'search.lines', lines: streamed });
    flush();
    expect(count()).toBe('1 of 2');
    // The stored log fills the gap: line indexes shift, so the old matches are dropped.
    actor.send({ type: 'search.lines', lines: streamed.append(lines(['x', 'y'], 1)) });
    flush();
    expect(count()).toBe('1 of 3');
  });

  it('stops scanning when closed and keeps the query for the next opening', () => {
    const { actor, flush } = start(['a']);
    actor.send({ type: 'search.open' });
    actor.send({ type: 'search.type', text: 'a' });
    actor.send({ type: 'search.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    const spy = vi.fn();
    actor.subscribe(spy);
    flush();
    expect(spy).not.toHaveBeenCalled();
    actor.send({ type: 'search.open' });
    expect(actor.getSnapshot().context.query.text).toBe('a');
    flush();
    expect(actor.getSnapshot().value).toEqual({ open: 'searched' });
  });
});
