import { onDemand } from '../../boot/OnDemand';

// docs/spec.md 2.5's page, with its code on demand: no page a visit starts on shows it first, and
// a build page's first screen is lighter without it (issue 32).
export const NotFoundPage = onDemand(() => import('./NotFoundPage').then((m) => m.NotFoundPage));
