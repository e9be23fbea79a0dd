import { code } from '../../boot/code';

// Issue 18 (docs/issues.md): react-virtuoso is about 20 KiB of the build page's JavaScript
// (gzip), yet the first thing the page shows is a few dozen log rows. So it is not on the first
// screen: LogRows paints those rows plainly and hands over to react-virtuoso once it has arrived,
// asked for once a frame has painted them (boot/firstScreen.ts). Its own module, so a test can
// hold it back.
export const virtuosoCode = code(() => import('react-virtuoso').then((m) => m.Virtuoso), {
  afterFirstScreen: true,
});
