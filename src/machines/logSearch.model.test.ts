import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { createScanLog, logSearchMachine, type LogSearchEvent } from './logSearch.machine';

// Model-based test (DESIGN.md 8): the search machine's own chart drives the real machine, whose
// scans run by hand (`scan.done` flushes them). An empty log keeps scans finite in the model.

type Snapshot = SnapshotFrom<typeof logSearchMachine>;

function eventsIn(snapshot: Snapshot): LogSearchEvent[] {
  if (snapshot.matches('closed')) return [{ type: 'search.open' }];
  const events: LogSearchEvent[] = [
    { type: 'search.close' },
    { type: 'search.type', text: '' },
    { type: 'search.type', text: 'x' },
    { type: 'search.type', text: '(' },
    { type: 'search.toggleRegex' },
    { type: 'search.toggleCase' },
    { type: 'search.next' },
  ];
  if (snapshot.matches({ open: 'indexing' }) || snapshot.matches({ open: 'scanning' })) {
    events.push({ type: 'scan.done' });
  }
  return events;
}

// TestModel rather than createTestModel: the machine invokes actors (its scans).
const model = new TestModel(
  logSearchMachine as never,
  {
    events: eventsIn as never,
    input: {},
    serializeState: (snapshot: Snapshot) =>
      JSON.stringify([
        snapshot.value,
        snapshot.context.query.text,
        snapshot.context.query.regex,
        snapshot.context.query.caseSensitive,
      ]),
  } as never,
);

function createSut() {
  const queue: Array<() => void> = [];
  const schedule = (task: () => void) => {
    queue.push(task);
    return () => queue.splice(queue.indexOf(task) >>> 0, 1);
  };
  const actor = createActor(
    logSearchMachine.provide({
      actors: { scanLog: createScanLog(schedule) },
      actions: { notifyReveal: () => {} },
    }),
    { input: {} },
  ).start();
  const exec = (event: LogSearchEvent) => {
    if (event.type === 'scan.done') {
      while (queue.length > 0) queue.shift()!();
    } else actor.send(event);
  };
  return { actor, exec };
}

describe('logSearch machine, model-based', () => {
  const paths = model.getShortestPaths();

  it('reaches every state through the real machine, in step with the model', () => {
    const visited = new Set<string>();
    for (const path of paths) {
      const sut = createSut();
      for (const { event, state } of path.steps) {
        if (event.type !== 'xstate.init') sut.exec(event as LogSearchEvent);
        const real = sut.actor.getSnapshot();
        const expected = state as unknown as Snapshot;
        expect(real.value).toEqual(expected.value);
        expect(real.context.query).toEqual(expected.context.query);
        visited.add(JSON.stringify(real.value));
      }
      sut.actor.stop();
    }
    expect([...visited].sort()).toEqual(
      [
        '"closed"',
        '{"open":"indexing"}',
        '{"open":"ready"}',
        '{"open":"invalid"}',
        '{"open":"scanning"}',
        '{"open":"searched"}',
      ].sort(),
    );
  });
});
