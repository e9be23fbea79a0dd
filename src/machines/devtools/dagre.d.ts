// The part of dagre (the engine of G6's own 'dagre' layout) that chartLayout.ts uses: G6 drops
// the positions dagre gives edge labels, and those are what keep labels off each other.
declare module 'dagre' {
  interface Box {
    x: number;
    y: number;
    width: number;
    height: number;
  }
  interface EdgeLabel extends Box {
    points: Array<{ x: number; y: number }>;
  }
  interface Graph {
    setGraph(options: Record<string, unknown>): void;
    setDefaultEdgeLabel(make: () => object): void;
    setNode(id: string, label: { width: number; height: number }): void;
    setParent(id: string, parent: string): void;
    setEdge(source: string, target: string, label: object, name: string): void;
    node(id: string): Box;
    edge(source: string, target: string, name: string): EdgeLabel;
    graph(): { width: number; height: number };
  }
  const dagre: {
    graphlib: { Graph: new (options: { compound: boolean; multigraph: boolean }) => Graph };
    layout(graph: Graph): void;
  };
  export default dagre;
}
