import { onDemand } from '../../boot/OnDemand';

// Issue 31's additions to the build page (step trends, flaky steps, attempts): one small entry,
// loaded after the page's first lines (docs/architecture.md 7), so none of it is on the first screen.
export const BuildInsight = onDemand(
  () => import('./BuildInsight').then((m) => m.BuildInsight),
  null,
  { afterFirstScreen: true },
);
