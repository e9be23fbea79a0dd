import { onDemand } from '../../boot/OnDemand';
import type { ExtraProps } from './extrasLoaded';

// Issues 30 and 31 on a build page: the failure summary, the annotations, the test results, the
// log diff, step trends and attempts. The first screen carries this one mount (docs/architecture.md
// 7): its code loads after the page's first lines, and each part's own code when it shows.
// Those above the log keep their room meanwhile (StepPanel.tsx, StepConsole.tsx), so the first
// lines do not move down when they show (issue 32).
export const Extra = onDemand<ExtraProps>(
  () => import('./extrasLoaded').then((m) => m.Extra),
  null,
  { afterFirstScreen: true },
);
