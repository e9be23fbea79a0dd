// robfig/cron (the version Drone pins) `Parse` and `Next`, in UTC, so cron jobs get a real `next`
// (docs/drone-api.md 3.8). Specs are seconds-first: 6 fields, or 5 with day-of-week defaulting to `*`,
// or a descriptor (@yearly @annually @monthly @weekly @daily @midnight @hourly @every <dur>).

interface Field {
  min: number;
  max: number;
  names?: readonly string[];
}

const SECONDS: Field = { min: 0, max: 59 };
const MINUTES: Field = { min: 0, max: 59 };
const HOURS: Field = { min: 0, max: 23 };
const DOM: Field = { min: 1, max: 31 };
const MONTHS: Field = {
  min: 1,
  max: 12,
  names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'],
};
const DOW: Field = { min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] };

/** A parsed schedule: `next(ms)` is the first activation strictly after `ms`, or 0 if none. */
export interface Schedule {
  next(fromMs: number): number;
}

interface SpecSets {
  second: Set<number>;
  minute: Set<number>;
  hour: Set<number>;
  dom: Set<number>;
  month: Set<number>;
  dow: Set<number>;
  domStar: boolean;
  dowStar: boolean;
}

function value(text: string, field: Field): number {
  const index = field.names?.indexOf(text.toLowerCase()) ?? -1;
  if (index >= 0) return index + field.min;
  if (!/^\d+$/.test(text)) throw new Error(`failed to parse int from ${text}`);
  return Number(text);
}

function parseField(expr: string, field: Field): Set<number> {
  const out = new Set<number>();
  for (const part of expr.split(',')) {
    const [range = '', stepText] = part.split('/');
    let [lo, hi] = [field.min, field.max];
    if (range !== '*' && range !== '?') {
      const [a = '', b] = range.split('-');
      lo = value(a, field);
      hi = b === undefined ? (stepText === undefined ? lo : field.max) : value(b, field);
    }
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1 || lo < field.min || hi > field.max || lo > hi) {
      throw new Error(`invalid field: ${part}`);
    }
    for (let v = lo; v <= hi; v += step) out.add(v);
  }
  return out;
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

const UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 36e5,
};

/** Go's time.ParseDuration, in milliseconds. */
function parseDuration(text: string): number {
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let end = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    total += Number(m[1]) * (UNITS[m[2] ?? ''] ?? 0);
    end = re.lastIndex;
  }
  if (text === '' || end !== text.length) throw new Error(`time: invalid duration ${text}`);
  return total;
}

function every(durationMs: number): Schedule {
  // robfig rounds the delay down to whole seconds with a minimum of one second.
  const delay = Math.max(1000, Math.floor(durationMs / 1000) * 1000);
  return { next: (fromMs) => Math.floor(fromMs / 1000) * 1000 + delay };
}

/** Throws on an invalid spec, like cron.Parse returning an error. */
export function parseCron(spec: string): Schedule {
  const trimmed = spec.trim();
  if (trimmed.startsWith('@every ')) return every(parseDuration(trimmed.slice(7).trim()));
  const expanded = trimmed.startsWith('@') ? DESCRIPTORS[trimmed] : trimmed;
  if (expanded === undefined) throw new Error(`unrecognized descriptor: ${trimmed}`);
  const fields = expanded.split(/\s+/).filter(Boolean);
  if (fields.length === 5) fields.push('*');
  if (fields.length !== 6) throw new Error(`expected 5 or 6 fields, found ${fields.length}`);
  const [s, mi, h, dom, mo, dow] = fields as [string, string, string, string, string, string];
  const sets: SpecSets = {
    second: parseField(s, SECONDS),
    minute: parseField(mi, MINUTES),
    hour: parseField(h, HOURS),
    dom: parseField(dom, DOM),
    month: parseField(mo, MONTHS),
    dow: parseField(dow, DOW),
    domStar: dom === '*' || dom === '?',
    dowStar: dow === '*' || dow === '?',
  };
  return { next: (fromMs) => nextActivation(sets, fromMs) };
}

function dayMatches(sets: SpecSets, t: Date): boolean {
  const domMatch = sets.dom.has(t.getUTCDate());
  const dowMatch = sets.dow.has(t.getUTCDay());
  if (sets.domStar || sets.dowStar) return domMatch && dowMatch;
  return domMatch || dowMatch;
}

/** robfig's SpecSchedule.Next: advance the coarsest mismatching unit, wrapping when it rolls. */
function nextActivation(sets: SpecSets, fromMs: number): number {
  const t = new Date(Math.floor(fromMs / 1000) * 1000 + 1000);
  const limit = t.getUTCFullYear() + 5;
  wrap: while (t.getUTCFullYear() <= limit) {
    while (!sets.month.has(t.getUTCMonth() + 1)) {
      t.setUTCMonth(t.getUTCMonth() + 1, 1);
      t.setUTCHours(0, 0, 0, 0);
      if (t.getUTCMonth() === 0) continue wrap;
    }
    while (!dayMatches(sets, t)) {
      t.setUTCDate(t.getUTCDate() + 1);
      t.setUTCHours(0, 0, 0, 0);
      if (t.getUTCDate() === 1) continue wrap;
    }
    while (!sets.hour.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      if (t.getUTCHours() === 0) continue wrap;
    }
    while (!sets.minute.has(t.getUTCMinutes())) {
      t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
      if (t.getUTCMinutes() === 0) continue wrap;
    }
    while (!sets.second.has(t.getUTCSeconds())) {
      t.setUTCSeconds(t.getUTCSeconds() + 1, 0);
      if (t.getUTCSeconds() === 0) continue wrap;
    }
    return t.getTime();
  }
  return 0;
}
