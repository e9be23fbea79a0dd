import type { Status } from '../../api/types';
import { elapsedSeconds, formatDuration, useNow } from '../ui';

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
  if (!started) return null;
  if (status === 'running') return <LiveElapsed started={started} />;
  if (!stopped || stopped < started) return null;
  return <time>{formatDuration(stopped - started)}</time>;
}
