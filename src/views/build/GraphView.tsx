import type { Build, Stage, Step } from '../../api/types';
import { EmptyState } from '../ui';

export interface BuildBodyProps {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  /** Undefined when the selected stage has no step with that number (e.g. not started yet). */
  step: Step | undefined;
}

// Placeholder: the Graph View body (SPEC 2.9) replaces this file, keeping its name and props.
export function GraphView({ build }: BuildBodyProps) {
  return <EmptyState title="Graph View">Build #{build.number}</EmptyState>;
}
