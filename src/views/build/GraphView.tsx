import { lazy, Suspense } from 'react';
import type { Build, Stage, Step } from '../../api/types';
import { Loading } from '../ui';

export interface BuildBodyProps {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  /** Undefined when the selected stage has no step with that number (e.g. not started yet). */
  step: Step | undefined;
}

// DESIGN.md 7: the graph view and G6 load on demand, never with the first page.
const GraphViewBody = lazy(() => import('./graph/GraphViewBody'));

/** SPEC 2.9 Graph View: the stage graph above the step graph, and the step drawer. */
export function GraphView(props: BuildBodyProps) {
  return (
    <Suspense fallback={<Loading label="Loading graph view..." />}>
      <GraphViewBody {...props} />
    </Suspense>
  );
}
