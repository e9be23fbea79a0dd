import { isDone, type Build } from '../../api/types';

/**
 * docs/spec.md 4.3: which of a build's controls show. Cancel while it is pending or running; for a
 * finished build that is not blocked, write users and admins get Restart, Promote and Debug in a
 * menu. The header knows before the controls' code has arrived (BuildHeader.tsx, issue 18).
 */
export function shownControls(
  build: Pick<Build, 'status'>,
  { canWrite, blocked }: { canWrite: boolean; blocked: boolean },
): { cancel: boolean; menu: boolean } {
  return {
    cancel: build.status === 'pending' || build.status === 'running',
    menu: isDone(build.status) && !blocked && canWrite,
  };
}
