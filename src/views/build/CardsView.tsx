import { EmptyState } from '../ui';
import type { BuildBodyProps } from './GraphView';

// Placeholder: the Card View body (SPEC 2.9) replaces this file, keeping its name and props.
export function CardsView({ build }: BuildBodyProps) {
  return <EmptyState title="Card View">Build #{build.number}</EmptyState>;
}
