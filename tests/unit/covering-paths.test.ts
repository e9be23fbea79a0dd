import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { serializeSnapshot } from 'xstate/graph';
import { coverageOf, coveringPaths, modelOf } from '../model';

// coveringPaths (tests/model.ts) keeps fewer paths than the model's shortest paths, yet every
// chart state and transition and every model state they visit.
const machine = setup({
  types: { context: {} as { marked: boolean }, events: {} as { type: 'next' | 'back' | 'mark' } },
}).createMachine({
  id: 'toy',
  context: { marked: false },
  initial: 'a',
  states: {
    a: { on: { next: 'b', mark: { actions: assign({ marked: true }) } } },
    b: { on: { next: 'c', back: 'a', mark: { actions: assign({ marked: true }) } } },
    c: { on: { back: 'b', next: 'a' } },
  },
});

const model = modelOf(machine, [{ type: 'next' }, { type: 'back' }, { type: 'mark' }]);
const all = model.getShortestPaths();
const covering = coveringPaths(machine, all);

const visitedKeys = (paths: typeof all) =>
  new Set(paths.flatMap((path) => path.steps.map((step) => serializeSnapshot(step.state))));

describe('coveringPaths', () => {
  it('keeps fewer paths', () => {
    expect(covering.length).toBeGreaterThan(0);
    expect(covering.length).toBeLessThan(all.length);
  });

  it('still passes every chart state and transition the whole set does', () => {
    expect(coverageOf(machine, { paths: covering })).toEqual(coverageOf(machine, { paths: all }));
  });

  it('still visits every model state (context included) the whole set does', () => {
    expect([...visitedKeys(covering)].sort()).toEqual([...visitedKeys(all)].sort());
  });
});
