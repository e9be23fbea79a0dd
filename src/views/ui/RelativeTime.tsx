import { formatRelative, isoDate, useDateTitle, useNow } from './time';

/** '5 minutes ago', with the date, time and time zone on hover (issue 19); nothing when unset. */
export function RelativeTime({ unixSeconds }: { unixSeconds: number }) {
  const now = useNow();
  const title = useDateTitle(unixSeconds);
  if (unixSeconds === 0) return null;
  return (
    <time dateTime={isoDate(unixSeconds)} title={title}>
      {formatRelative(unixSeconds, now)}
    </time>
  );
}
