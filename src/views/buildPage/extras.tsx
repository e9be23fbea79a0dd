import type { ReactNode } from 'react';
import { onDemand } from '../../boot/OnDemand';
import type { ExtraProps } from './extrasLoaded';

// Issues 30 and 31 on a build page: the failure summary, the annotations, the test results, the
// log diff, step trends and attempts. The first screen carries this one mount (docs/architecture.md
// 7): its code loads after the page's first lines, and each part's own code when it shows.
export const Extra = onDemand<ExtraProps>(
  () => import('./extrasLoaded').then((m) => m.Extra),
  null,
  { afterFirstScreen: true },
);

/**
 * Keeps `height` px for a part above the log, whose code and answers come after the first lines,
 * so the lines do not move down when it shows (issue 32).
 */
export function Reserved({ height, children }: { height: number; children: ReactNode }) {
  return <div style={{ minHeight: height }}>{children}</div>;
}
