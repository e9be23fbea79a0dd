// robfig/cron's `Parse` and `Next` as Drone uses them (the version Drone pins, docs/drone-api.md 3.8):
// specs are seconds-first, 6 fields, or 5 with the day of week optional, or a descriptor (@yearly
// @annually @monthly @weekly @daily @midnight @hourly @every <duration>). Times are UTC, the zone a
// Drone server runs its cron scheduler in.
//
// The one implementation for both sides: the mock server computes a job's `next` and refuses what
// Drone refuses with it, and the console previews the next runs and shows the parser's error while
// the user types. It imports nothing, so both may import it (mock-server imports it from src/).

export type FieldName = 'second' | 'minute' | 'hour' | 'dom' | 'month' | 'dow';

interface Field {
  name: FieldName;
  min: number;
  max: number;
  names?: readonly string[];
}

const SECONDS: Field = { name: 'second', min: 0, max: 59 };
const MINUTES: Field = { name: 'minute', min: 0, max: 59 };
const HOURS: Field = { name: 'hour', min: 0, max: 23 };
const DOM: Field = { name: 'dom', min: 1, max: 31 };
const MONTHS: Field = {
  name: 'month',
  min: 1,
  max: 12,
  names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
};
const DOW: Field = {
  name: 'dow',
  min: 0,
  max: 6,
  names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
};

/**
 * The longest expression Drone keeps: its Postgres and MySQL stores hold `cron_expr` in a
 * VARCHAR(50) and refuse a longer one (store/shared/migrate/postgres/files/008_create_table_cron.sql).
 */
export const EXPR_MAX_LENGTH = 50;

/**
 * The last millisecond a JavaScript Date holds (ECMA-262 21.4.1.1). Go's longest duration (292
 * years) keeps every `@every` run well within it; without Go's overflow check a duration of
 * 99999999999h put the next run past it and the preview threw.
 */
export const MAX_DATE_MS = 8.64e15;

/** A parsed schedule: `next(ms)` is the first activation strictly after `ms`, or 0 if none. */
export interface Schedule {
  next(fromMs: number): number;
}

/**
 * What is wrong with a spec, for a reader: the console words it in the
 * language shown; the error's text stays robfig's, which the mock server answers with.
 */
export type CronProblem =
  | { kind: 'empty' }
  | { kind: 'fields'; count: number }
  | { kind: 'number' | 'negative' | 'syntax' | 'order' | 'step' | 'descriptor'; text: string }
  | { kind: 'duration'; text: string }
  | { kind: 'range'; field: FieldName; min: number; max: number; value: number };

/** What robfig's Parse returns as its error, with its text, and the problem in words. */
export class CronSyntaxError extends Error {
  constructor(
    message: string,
    readonly problem: CronProblem,
  ) {
    super(message);
  }
}

const fail = (message: string, problem: CronProblem): never => {
  throw new CronSyntaxError(message, problem);
};

interface FieldSet {
  values: Set<number>;
  /** robfig's star bit: a range of the field is `*` or `?` (it changes how days match). */
  star: boolean;
}

interface SpecSets {
  second: FieldSet;
  minute: FieldSet;
  hour: FieldSet;
  dom: FieldSet;
  month: FieldSet;
  dow: FieldSet;
}

/** robfig's mustParseInt (Go's strconv.Atoi on 64 bits, then no negatives). */
function parseInt10(text: string): number {
  const atoiFailed = (reason: string) =>
    fail(`Failed to parse int from ${text}: strconv.Atoi: parsing ${goQuote(text)}: ${reason}`, {
      kind: 'number',
      text,
    });
  if (!/^[+-]?[0-9]+$/.test(text)) atoiFailed('invalid syntax');
  const value = BigInt(text);
  if (value >= INT64_LIMIT || value < -INT64_LIMIT) atoiFailed('value out of range');
  if (value < 0n)
    fail(`Negative number (${value}) not allowed: ${text}`, { kind: 'negative', text });
  // Past 2^53 the range error's number is approximate; every field's maximum is far below.
  return Number(value);
}

function parseIntOrName(text: string, field: Field): number {
  const index = field.names?.indexOf(text.toLowerCase()) ?? -1;
  return index >= 0 ? index + field.min : parseInt10(text);
}

/** robfig's getRange: `*`, `?`, `n`, `n-m`, each with an optional `/step`. */
function parseRange(expr: string, field: Field, into: FieldSet): void {
  const rangeAndStep = expr.split('/');
  const lowAndHigh = (rangeAndStep[0] ?? '').split('-');
  let start: number;
  let end: number;
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    [start, end] = [field.min, field.max];
    into.star = true;
  } else {
    start = parseIntOrName(lowAndHigh[0] ?? '', field);
    if (lowAndHigh.length > 2) fail(`Too many hyphens: ${expr}`, { kind: 'syntax', text: expr });
    end = lowAndHigh.length === 2 ? parseIntOrName(lowAndHigh[1] ?? '', field) : start;
  }
  let step = 1;
  if (rangeAndStep.length > 2) fail(`Too many slashes: ${expr}`, { kind: 'syntax', text: expr });
  if (rangeAndStep.length === 2) {
    step = parseInt10(rangeAndStep[1] ?? '');
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = field.max;
  }
  const outside = (value: number) =>
    ({ kind: 'range', field: field.name, min: field.min, max: field.max, value }) as const;
  if (start < field.min)
    fail(`Beginning of range (${start}) below minimum (${field.min}): ${expr}`, outside(start));
  if (end > field.max)
    fail(`End of range (${end}) above maximum (${field.max}): ${expr}`, outside(end));
  if (start > end) {
    fail(`Beginning of range (${start}) beyond end of range (${end}): ${expr}`, {
      kind: 'order',
      text: expr,
    });
  }
  // (The pinned robfig loops for ever on a zero step; later versions say this.)
  if (step === 0) {
    fail(`Step of range should be a positive number: ${expr}`, { kind: 'step', text: expr });
  }
  for (let value = start; value <= end; value += step) into.values.add(value);
}

/** robfig's getField: comma-separated ranges (empty ones skipped, as Go's FieldsFunc does). */
function parseField(expr: string, field: Field): FieldSet {
  const set: FieldSet = { values: new Set(), star: false };
  for (const range of expr.split(',').filter(Boolean)) parseRange(range, field, set);
  return set;
}

const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 0 1 1 *',
  '@annually': '0 0 0 1 1 *',
  '@monthly': '0 0 0 1 * *',
  '@weekly': '0 0 0 * * 0',
  '@daily': '0 0 0 * * *',
  '@midnight': '0 0 0 * * *',
  '@hourly': '0 0 * * * *',
};

/** Nanoseconds per unit, as Go's time package counts them. */
const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n, // U+00B5 micro sign
  μs: 1_000n, // U+03BC Greek small letter mu
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const INT64_LIMIT = 1n << 63n;

/**
 * Go's time package quote: printable ASCII as is (`"` and `\` escaped), every byte of anything
 * else as `\xNN`, so the error text shows an invisible character as its bytes.
 */
export function goQuote(text: string): string {
  let out = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code >= 0x7f) {
      // A lone surrogate is not UTF-8: Go reads such a byte as U+FFFD (EF BF BD).
      const bytes = new TextEncoder().encode(char);
      for (const byte of bytes) out += `\\x${byte.toString(16).padStart(2, '0')}`;
    } else {
      out += char === '"' || char === '\\' ? `\\${char}` : char;
    }
  }
  return `${out}"`;
}

/** leadingInt: the digits' value, or null past 1<<63 (Go's overflow error). */
function leadingInt(digits: string): bigint | null {
  let value = 0n;
  for (const digit of digits) {
    if (value > INT64_LIMIT / 10n) return null;
    value = value * 10n + BigInt(digit);
    if (value > INT64_LIMIT) return null;
  }
  return value;
}

/** leadingFraction: the digits that fit (it stops gaining precision rather than fail). */
function leadingFraction(digits: string): { value: bigint; scale: number } {
  let value = 0n;
  let scale = 1;
  for (const digit of digits) {
    const next = value * 10n + BigInt(digit);
    if (value > (INT64_LIMIT - 1n) / 10n || next > INT64_LIMIT) break;
    value = next;
    scale *= 10;
  }
  return { value, scale };
}

/**
 * Go's time.ParseDuration, in milliseconds; throws Go's error text. Exact, in int64 nanoseconds
 * as Go counts them: a duration past 1<<63-1 ns (about 292 years) is Go's "invalid duration"
 * error, not a number past what a Date holds (issue 28 item 7).
 */
export function parseDuration(text: string): number {
  const invalid = () => new Error(`time: invalid duration ${goQuote(text)}`);
  const negative = text.startsWith('-');
  const body = /^[-+]/.test(text) ? text.slice(1) : text;
  if (body === '0') return 0;
  if (body === '') throw invalid();
  const part = /([0-9]*)(?:\.([0-9]*))?([^0-9.]*)/y;
  let total = 0n;
  for (let at = 0; at < body.length;) {
    part.lastIndex = at;
    const match = part.exec(body);
    const [whole = '', intDigits = '', fraction, unit = ''] = match ?? [];
    if (whole === '' || (intDigits === '' && !fraction)) throw invalid();
    const int = leadingInt(intDigits);
    if (int === null) throw invalid();
    if (unit === '') throw new Error(`time: missing unit in duration ${goQuote(text)}`);
    const size = UNITS[unit];
    if (size === undefined) {
      throw new Error(`time: unknown unit ${goQuote(unit)} in duration ${goQuote(text)}`);
    }
    if (int > INT64_LIMIT / size) throw invalid();
    let value = int * size;
    const { value: f, scale } = leadingFraction(fraction ?? '');
    if (f > 0n) {
      value += BigInt(Math.floor(Number(f) * (Number(size) / scale)));
      if (value > INT64_LIMIT) throw invalid();
    }
    total += value;
    if (total > INT64_LIMIT) throw invalid();
    at += whole.length;
  }
  if (!negative && total > INT64_LIMIT - 1n) throw invalid();
  const ms = Number(total) / 1e6;
  return negative ? -ms : ms;
}

/** robfig's Every: the delay rounded down to whole seconds, at least one second. */
function every(durationMs: number): Schedule {
  const delay = Math.max(1000, Math.floor(durationMs / 1000) * 1000);
  return { next: (fromMs) => Math.floor(fromMs / 1000) * 1000 + delay };
}

function parseDescriptor(spec: string): Schedule {
  const expanded = DESCRIPTORS[spec];
  if (expanded !== undefined) return parseFields(expanded.split(' '));
  if (spec.startsWith('@every ')) {
    try {
      return every(parseDuration(spec.slice('@every '.length)));
    } catch (error) {
      fail(`Failed to parse duration ${spec}: ${(error as Error).message}`, {
        kind: 'duration',
        text: spec.slice('@every '.length),
      });
    }
  }
  return fail(`Unrecognized descriptor: ${spec}`, { kind: 'descriptor', text: spec });
}

function parseFields(fields: string[]): Schedule {
  if (fields.length === 5) fields.push('*');
  const [s, mi, h, dom, mo, dow] = fields as [string, string, string, string, string, string];
  const sets: SpecSets = {
    second: parseField(s, SECONDS),
    minute: parseField(mi, MINUTES),
    hour: parseField(h, HOURS),
    dom: parseField(dom, DOM),
    month: parseField(mo, MONTHS),
    dow: parseField(dow, DOW),
  };
  return { next: (fromMs) => nextActivation(sets, fromMs) };
}

/** robfig's `cron.Parse`: throws a CronSyntaxError with its message on an invalid spec. */
export function parseCron(spec: string): Schedule {
  if (spec.length === 0) fail('Empty spec string', { kind: 'empty' });
  if (spec.startsWith('@')) return parseDescriptor(spec);
  const fields = spec.split(/\s+/).filter(Boolean);
  if (fields.length < 5 || fields.length > 6) {
    fail(`Expected 5 to 6 fields, found ${fields.length}: ${spec}`, {
      kind: 'fields',
      count: fields.length,
    });
  }
  return parseFields(fields);
}

/** The next `count` activations after `fromMs` (ms), fewer if the schedule ends. */
export function upcomingRuns(schedule: Schedule, fromMs: number, count: number): number[] {
  const runs: number[] = [];
  for (let at = schedule.next(fromMs); at && runs.length < count; at = schedule.next(at)) {
    runs.push(at);
  }
  return runs;
}

function dayMatches(sets: SpecSets, t: Date): boolean {
  const domMatch = sets.dom.values.has(t.getUTCDate());
  const dowMatch = sets.dow.values.has(t.getUTCDay());
  if (sets.dom.star || sets.dow.star) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/** robfig's SpecSchedule.Next: advance the coarsest mismatching unit, wrapping when it rolls. */
function nextActivation(sets: SpecSets, fromMs: number): number {
  const t = new Date(Math.floor(fromMs / 1000) * 1000 + 1000);
  const limit = t.getUTCFullYear() + 5;
  wrap: while (t.getUTCFullYear() <= limit) {
    while (!sets.month.values.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      if (t.getUTCMonth() === 0) continue wrap;
    }
    while (!dayMatches(sets, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      if (t.getUTCDate() === 1) continue wrap;
    }
    while (!sets.hour.values.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      if (t.getUTCHours() === 0) continue wrap;
    }
    while (!sets.minute.values.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      if (t.getUTCMinutes() === 0) continue wrap;
    }
    while (!sets.second.values.has(t.getUTCSeconds())) {
      t.setUTCSeconds(t.getUTCSeconds() + 1, 0);
      if (t.getUTCSeconds() === 0) continue wrap;
    }
    return t.getTime();
  }
  return 0;
}
