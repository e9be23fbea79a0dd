import { formatDate, formatRelative, isoDate, useNow } from './time';

/** '5 minutes ago', with the date, time and time zone on hover (issue 19); nothing when unset. */
export function RelativeTime({ unixSeconds }: { unixSeconds: number }) {
  const now = useNow();
  if (unixSeconds === 0) return null;
  return (
    <time dateTime={isoDate(unixSeconds)} title={formatDate(unixSeconds)}>
      {formatRelative(unixSeconds, now)}
    </time>
  );
}
