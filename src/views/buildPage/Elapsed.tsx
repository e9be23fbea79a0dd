import type { Status } from '../../api/types';
import { elapsedSeconds, formatDuration, isTimeSet, useNow } from '../ui';

// docs/spec.md 2.9: a running build, stage or step ticks; a finished one shows a fixed duration.

function LiveElapsed({ started }: { started: number }) {
  const now = useNow();
  return <time>{formatDuration(elapsedSeconds(started, undefined, now))}</time>;
}

export function Elapsed({
  status,
  started,
  stopped,
}: {
  status: Status;
  started: number | undefined;
  stopped: number | undefined;
}) {
  if (!isTimeSet(started)) return null;
  if (status === 'running') return <LiveElapsed started={started} />;
  if (!isTimeSet(stopped) || stopped < started) return null;
  // A time the server sent that is not one (NaN) makes the duration unknown.
  return <time>{formatDuration(stopped - started)}</time>;
}
