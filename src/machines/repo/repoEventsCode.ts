import { code } from '../../boot/code';

// The repository event stream's code (./repoEventsLink.ts): after a build page's first lines; on
// any other page boot asks for it beside the page's own (boot/early.ts), so it is in by the time
// the page follows the stream. A module of its own: boot imports no xstate.
export const repoEventsCode = code(() => import('./repoEvents.machine'), {
  afterFirstScreen: true,
});
