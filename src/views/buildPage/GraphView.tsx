import type { Build, Stage, Step } from '../../api/types';
import { onDemand } from '../../boot/OnDemand';

export interface BuildBodyProps {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  /** Undefined when the selected stage has no step with that number (e.g. not started yet). */
  step: Step | undefined;
}

/**
 * docs/spec.md 2.9 Graph View: the stage graph above the step graph, and the step drawer. docs/architecture.md 7:
 * the graph view and G6 load on demand, never with the first page.
 */
export const GraphView = onDemand<BuildBodyProps>(
  () => import('./graph/GraphViewBody').then((m) => m.default),
  'build.graph.loadingView',
);
