import { describe, expect, it } from 'vitest';
import type { Build, Stage, Status, Step } from '../../../api/types';
import {
  buildGraph,
  nodeDuration,
  nodesInReadingOrder,
  stageGraph,
  stepGraph,
  structureKey,
} from './graphData';

const stage = (number: number, name: string, status: Status, depends_on?: string[]) =>
  ({ number, name, status, depends_on, started: 0, stopped: 0, steps: [] }) as unknown as Stage;

const step = (number: number, name: string, status: Status, depends_on?: string[]) =>
  ({ number, name, status, depends_on, exit_code: 0 }) as Step;

const edgesOf = (graph: ReturnType<typeof buildGraph>) =>
  graph.edges.map((edge) => `${edge.source}->${edge.target}`);

describe('graph data', () => {
  it('draws edges from the stages depends_on names', () => {
    const build = {
      stages: [
        stage(1, 'lint', 'success'),
        stage(2, 'unit', 'success'),
        stage(3, 'build', 'success', ['lint', 'unit']),
        stage(4, 'e2e', 'running', ['build']),
        stage(5, 'report', 'waiting_on_dependencies', ['e2e', 'build']),
      ],
    } as Build;
    const graph = stageGraph(build, 3);
    expect(edgesOf(graph)).toEqual([
      'stage-1->stage-3',
      'stage-2->stage-3',
      'stage-3->stage-4',
      'stage-4->stage-5',
      'stage-3->stage-5',
    ]);
    expect(graph.nodes.map((node) => node.rank)).toEqual([0, 0, 1, 2, 3]);
    expect(graph.nodes.find((node) => node.current)?.name).toBe('build');
  });

  it('draws steps depends_on within the stage, ignoring unknown names and self references', () => {
    const graph = stepGraph(
      {
        ...stage(1, 'default', 'running'),
        steps: [
          step(1, 'clone', 'success'),
          step(2, 'install', 'success', ['clone']),
          step(3, 'lint', 'running', ['install', 'missing']),
          step(4, 'test', 'running', ['install', 'test']),
          step(5, 'build', 'pending', ['lint', 'test']),
        ],
      },
      1,
    );
    expect(edgesOf(graph)).toEqual([
      'step-1->step-2',
      'step-2->step-3',
      'step-2->step-4',
      'step-3->step-5',
      'step-4->step-5',
    ]);
    expect(graph.nodes.map((node) => node.rank)).toEqual([0, 1, 2, 2, 3]);
  });

  it('falls back to sequential order when no node declares depends_on', () => {
    const graph = buildGraph(
      'steps',
      [step(3, 'test', 'pending'), step(1, 'clone', 'success'), step(2, 'deps', 'running')],
      2,
    );
    expect(graph.nodes.map((node) => node.name)).toEqual(['clone', 'deps', 'test']);
    expect(edgesOf(graph)).toEqual(['step-1->step-2', 'step-2->step-3']);
    expect(graph.nodes.map((node) => node.rank)).toEqual([0, 1, 2]);
  });

  it('treats nodes without depends_on as roots once any node declares one', () => {
    const graph = buildGraph(
      'stages',
      [
        stage(1, 'build', 'success'),
        stage(2, 'docs', 'success'),
        stage(3, 'x', 'success', ['build']),
      ],
      undefined,
    );
    expect(edgesOf(graph)).toEqual(['stage-1->stage-3']);
    expect(graph.nodes.map((node) => node.rank)).toEqual([0, 0, 1]);
  });

  it('survives a dependency cycle', () => {
    const graph = buildGraph(
      'stages',
      [stage(1, 'a', 'success', ['b']), stage(2, 'b', 'success', ['a'])],
      1,
    );
    expect(graph.edges).toHaveLength(2);
    expect(graph.nodes.every((node) => Number.isFinite(node.rank))).toBe(true);
  });

  it('makes skipped, declined and waiting_on_dependencies nodes unselectable', () => {
    const statuses: Status[] = [
      'success',
      'failure',
      'running',
      'pending',
      'blocked',
      'killed',
      'error',
      'skipped',
      'declined',
      'waiting_on_dependencies',
    ];
    const graph = buildGraph(
      'stages',
      statuses.map((status, index) => stage(index + 1, status, status)),
      undefined,
    );
    const unselectable = graph.nodes.filter((node) => !node.selectable).map((node) => node.status);
    expect(unselectable).toEqual(['skipped', 'declined', 'waiting_on_dependencies']);
  });

  it('changes the structure key only when nodes or edges change, not statuses', () => {
    const before = buildGraph('steps', [step(1, 'a', 'running'), step(2, 'b', 'pending')], 1);
    const after = buildGraph('steps', [step(1, 'a', 'success'), step(2, 'b', 'running')], 1);
    const grown = buildGraph(
      'steps',
      [step(1, 'a', 'success'), step(2, 'b', 'running'), step(3, 'c', 'pending')],
      1,
    );
    expect(structureKey(after)).toBe(structureKey(before));
    expect(structureKey(grown)).not.toBe(structureKey(before));
  });

  it('ticks the duration of a running node and fixes it once stopped', () => {
    const [running] = buildGraph('steps', [{ ...step(1, 'a', 'running'), started: 100 }], 1).nodes;
    expect(nodeDuration(running!, 165_000)).toBe('1m 05s');
    const [done] = buildGraph(
      'steps',
      [{ ...step(1, 'a', 'success'), started: 100, stopped: 112 }],
      1,
    ).nodes;
    expect(nodeDuration(done!, 999_000)).toBe('12s');
    const [pending] = buildGraph('steps', [step(1, 'a', 'pending')], 1).nodes;
    expect(nodeDuration(pending!, 999_000)).toBe('');
    const [skipped] = buildGraph(
      'steps',
      [{ ...step(1, 'a', 'skipped'), started: 100, stopped: 100 }],
      1,
    ).nodes;
    expect(nodeDuration(skipped!, 999_000)).toBe('');
  });

  it('lists nodes column by column for the accessible list', () => {
    const graph = buildGraph(
      'stages',
      [
        stage(1, 'late', 'success', ['mid']),
        stage(2, 'root', 'success'),
        stage(3, 'mid', 'success', ['root']),
      ],
      undefined,
    );
    expect(nodesInReadingOrder(graph).map((node) => node.name)).toEqual(['root', 'mid', 'late']);
  });
});
