import { describe, expect, it } from 'vitest';
import { and, createMachine, not, or } from 'xstate';
import { eventLabel, guardName, machineToChart, nameOf } from './chart';
import { repoEventsMachine } from '../repo/repoEvents.machine';

describe('machineToChart', () => {
  it('draws nested states with their parent, initial flags and invoked actors', () => {
    const chart = machineToChart(repoEventsMachine);
    const live = chart.nodes.find((node) => node.id === 'repoEvents.live');
    const connecting = chart.nodes.find((node) => node.id === 'repoEvents.live.connecting');
    const connected = chart.nodes.find((node) => node.id === 'repoEvents.live.connected');
    expect(live).toMatchObject({ type: 'compound', parent: 'repoEvents', isInitial: true });
    expect(live?.invoke).toEqual(['listenServerEvents']);
    expect(connecting).toMatchObject({ parent: 'repoEvents.live', isInitial: true });
    expect(connected?.isInitial).toBe(false);
  });

  it('labels edges with event, guard and delay', () => {
    const labels = machineToChart(repoEventsMachine).edges.map((edge) => edge.label);
    expect(labels).toContain('source.open [wasConnectedBefore]');
    expect(labels).toContain('after RECONNECT_DELAY');
    expect(labels).toContain('stream.stop');
  });

  it('marks final states and parallel regions', () => {
    const machine = createMachine({
      id: 'm',
      type: 'parallel',
      states: {
        a: { initial: 'x', states: { x: { on: { GO: 'y' } }, y: { type: 'final' } } },
        b: {},
      },
    });
    const chart = machineToChart(machine);
    expect(chart.nodes.find((node) => node.id === 'm.a.y')?.type).toBe('final');
    expect(chart.nodes.find((node) => node.id === 'm.b')?.isInitial).toBe(true);
    expect(chart.edges).toContainEqual(
      expect.objectContaining({ source: 'm.a.x', target: 'm.a.y', label: 'GO' }),
    );
  });

  it('draws eventless transitions, with the params of their guards', () => {
    const machine = createMachine({
      id: 'm',
      initial: 'deciding',
      states: {
        deciding: {
          always: [
            { guard: { type: 'isNext', params: { to: 'done' } }, target: 'done' },
            { target: 'waiting' },
          ],
        },
        waiting: { after: { 500: 'deciding' } },
        done: { type: 'final' },
      },
    });
    const edges = machineToChart(machine).edges.map(({ source, target, label, event }) => ({
      source,
      target,
      label,
      event,
    }));
    expect(edges).toContainEqual({
      source: 'm.deciding',
      target: 'm.done',
      label: 'always [isNext(done)]',
      event: '',
    });
    expect(edges).toContainEqual({
      source: 'm.deciding',
      target: 'm.waiting',
      label: 'always',
      event: '',
    });
    expect(edges).toContainEqual(
      expect.objectContaining({ source: 'm.waiting', target: 'm.deciding', label: 'after 500' }),
    );
  });

  it('spells out guard combinators and params', () => {
    expect(guardName(not('isUnfinished'))).toBe('!isUnfinished');
    expect(guardName(and(['a', or(['b', not('c')])]))).toBe('(a && (b || !c))');
    expect(guardName({ type: 'isNext', params: { from: 'a', to: 'b' } })).toBe('isNext(a, b)');
  });

  it('names actions and events of every shape', () => {
    expect(nameOf('assignX')).toBe('assignX');
    expect(nameOf({ type: 'notifyY' })).toBe('notifyY');
    expect(nameOf(function namedFn() {})).toBe('namedFn');
    expect(eventLabel('')).toBe('always');
    expect(eventLabel('xstate.done.actor.0.m.loading')).toBe('done');
    expect(eventLabel('xstate.error.actor.0.m.loading')).toBe('error');
  });
});
