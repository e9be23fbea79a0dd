// Times and counts in the server's answers are checked, not trusted (issue 28 item 8): a string,
// null or a time no Date can hold where docs/drone-api.md 3 promises a number becomes NaN, the
// one "unknown" value every formatter shows as such (views/ui/time.ts), instead of a RangeError
// from `new Date(...).toISOString()` or a string that `+` would concatenate.

/** Unix seconds (docs/drone-api.md 3: `0` means not set). */
const TIME_FIELDS = new Set([
  'created',
  'updated',
  'started',
  'finished',
  'stopped',
  'timestamp',
  'synced',
  'last_login',
  'next',
  'prev',
]);

/** Counts and codes shown or computed with. Ids and numbers are addresses: they stay as sent. */
const COUNT_FIELDS = new Set(['exit_code', 'timeout', 'throttle', 'counter', 'limit', 'parent']);

/**
 * Where Drone nests its own objects (a repository's build, a build's stages, a stage's steps).
 * Nothing else is entered: `params`, `labels` and the like hold the pipeline's keys, and a
 * parameter may well be called `created`.
 */
const NESTED_FIELDS = new Set(['build', 'stages', 'steps']);

/** The last second a JavaScript Date holds (ECMA-262: 8.64e15 ms either side of 1970). */
export const MAX_DATE_SECONDS = 8.64e12;

/** A number the console can compute and show with. */
export const isKnownNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

/** Unix seconds a Date can hold. */
export const isKnownTime = (value: unknown): value is number =>
  isKnownNumber(value) && Math.abs(value) <= MAX_DATE_SECONDS;

function checkObject(record: Record<string, unknown>): void {
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (TIME_FIELDS.has(key)) {
      if (!isKnownTime(value)) record[key] = NaN;
    } else if (COUNT_FIELDS.has(key)) {
      if (!isKnownNumber(value)) record[key] = NaN;
    } else if (NESTED_FIELDS.has(key)) {
      checkedValues(value);
    }
  }
}

/**
 * The answer (an object or a list of them) with every time and count it holds checked, in its
 * builds, stages and steps too; changed in place, as the answer is the console's own copy.
 */
export function checkedValues<T>(value: T): T {
  if (Array.isArray(value)) {
    for (const item of value) checkedValues(item);
  } else if (value !== null && typeof value === 'object') {
    checkObject(value as Record<string, unknown>);
  }
  return value;
}
