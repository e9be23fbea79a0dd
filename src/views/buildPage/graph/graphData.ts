import type { Build, Stage, Status } from '../../../api/types';
import { elapsedSeconds, formatDuration } from '../../ui/time';

// docs/spec.md 2.9 graph view: the pure part. Stages and steps become nodes; `depends_on` names become
// edges. A pipeline that declares no dependency at all ran in order, so it is drawn as a chain.
// Ranks (the column of each node, left to right) follow the longest dependency path.

export type GraphKind = 'stages' | 'steps';

/** docs/spec.md 2.9: nodes in these statuses never ran (or never will), so they cannot be selected. */
export const UNSELECTABLE_STATUSES: readonly Status[] = [
  'skipped',
  'declined',
  'waiting_on_dependencies',
];

export const isSelectableStatus = (status: Status) => !UNSELECTABLE_STATUSES.includes(status);

export interface GraphNode {
  id: string;
  /** The stage or step number, the last segment of its URL. */
  number: number;
  name: string;
  status: Status;
  started?: number;
  stopped?: number;
  selectable: boolean;
  /** The stage or step the URL points at. */
  current: boolean;
  /** 0 for nodes nothing precedes; otherwise one more than the deepest predecessor. */
  rank: number;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

export interface GraphModel {
  kind: GraphKind;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** What stages and steps have in common for drawing. */
interface Vertex {
  number: number;
  name: string;
  status: Status;
  started?: number;
  stopped?: number;
  depends_on?: string[];
}

export const nodeId = (kind: GraphKind, number: number) =>
  `${kind === 'stages' ? 'stage' : 'step'}-${number}`;

/** The predecessors of each vertex (by index), from `depends_on` or, if none, the order. */
function predecessorsOf(vertices: Vertex[]): number[][] {
  const declares = vertices.some((vertex) => (vertex.depends_on?.length ?? 0) > 0);
  if (!declares) return vertices.map((_, index) => (index === 0 ? [] : [index - 1]));
  const indexByName = new Map<string, number>();
  vertices.forEach((vertex, index) => {
    if (!indexByName.has(vertex.name)) indexByName.set(vertex.name, index);
  });
  return vertices.map((vertex, index) => {
    const found = (vertex.depends_on ?? [])
      .map((name) => indexByName.get(name))
      // Unknown names (a stage filtered out by a trigger) and self references draw nothing.
      .filter((other): other is number => other !== undefined && other !== index);
    return [...new Set(found)];
  });
}

/** Longest-path ranks; a dependency cycle (invalid, but possible in data) is cut, not looped. */
function ranksOf(predecessors: number[][]): number[] {
  const ranks: Array<number | undefined> = [];
  const visiting = new Set<number>();
  const rankOf = (index: number): number => {
    const known = ranks[index];
    if (known !== undefined) return known;
    if (visiting.has(index)) return 0;
    visiting.add(index);
    const rank = Math.max(-1, ...(predecessors[index] ?? []).map(rankOf)) + 1;
    visiting.delete(index);
    ranks[index] = rank;
    return rank;
  };
  return predecessors.map((_, index) => rankOf(index));
}

export function buildGraph(
  kind: GraphKind,
  items: readonly Vertex[],
  currentNumber: number | undefined,
): GraphModel {
  const vertices = [...items].sort((a, b) => a.number - b.number);
  const predecessors = predecessorsOf(vertices);
  const ranks = ranksOf(predecessors);
  const nodes = vertices.map((vertex, index): GraphNode => ({
    id: nodeId(kind, vertex.number),
    number: vertex.number,
    name: vertex.name,
    status: vertex.status,
    started: vertex.started || undefined,
    stopped: vertex.stopped || undefined,
    selectable: isSelectableStatus(vertex.status),
    current: vertex.number === currentNumber,
    rank: ranks[index] ?? 0,
  }));
  const edges = predecessors.flatMap((sources, index) =>
    sources.map((source): GraphEdge => {
      const from = nodeId(kind, vertices[source]?.number ?? 0);
      const to = nodeId(kind, vertices[index]?.number ?? 0);
      return { id: `${from}->${to}`, source: from, target: to };
    }),
  );
  return { kind, nodes, edges };
}

export const stageGraph = (build: Build, currentStage: number | undefined) =>
  buildGraph('stages', build.stages ?? [], currentStage);

export const stepGraph = (stage: Stage, currentStep: number | undefined) =>
  buildGraph('steps', stage.steps ?? [], currentStep);

/**
 * Nodes and edges without their statuses: when this stays the same, a live update only
 * restyles the drawn nodes; when it changes, the graph is laid out again.
 */
export const structureKey = (graph: GraphModel) =>
  [...graph.nodes.map((node) => `${node.id}:${node.name}`), ...graph.edges.map((e) => e.id)].join(
    '|',
  );

/**
 * The node's duration text: live while running, fixed once stopped, empty before it starts and
 * for nodes that never ran (a skipped stage may carry equal start and stop times).
 */
export function nodeDuration(node: GraphNode, nowMs: number): string {
  if (!node.started || !node.selectable) return '';
  if (node.status === 'running')
    return formatDuration(elapsedSeconds(node.started, undefined, nowMs));
  if (!node.stopped || node.stopped < node.started) return '';
  return formatDuration(node.stopped - node.started);
}

/** The nodes in reading order for the accessible list: by column, then by number. */
export const nodesInReadingOrder = (graph: GraphModel) =>
  [...graph.nodes].sort((a, b) => a.rank - b.rank || a.number - b.number);
