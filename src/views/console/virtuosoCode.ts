import { code } from '../ui/code';

// Issue 18 (docs/issues.md): react-virtuoso is about 20 KiB of the build page's JavaScript
// (gzip), yet the first thing the page shows is a few dozen log rows. So it is not on the first
// screen: LogList paints those rows plainly (PlainRows) and hands over to react-virtuoso once this
// has arrived. A log list about to show starts it (StepConsole), and so does boot for a build URL
// (early.ts), after the page's own code.
export const virtuosoCode = code(() => import('react-virtuoso').then((m) => m.Virtuoso));
