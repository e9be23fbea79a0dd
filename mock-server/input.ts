// Request parsing with Go's error texts (docs/drone-api.md 2.1): strconv for path numbers,
// encoding/json for bodies. Also the small Go helpers handlers share (uniuri, slug, time).
import { badRequest } from './errors';
import { runtime } from './runtime';

const INT = /^[+-]?\d+$/;

/** strconv.ParseInt(s, 10, 64) for `{number}` / `{build}` segments and `?before=`. */
export function parseInt64(value: string | undefined | null): number {
  const text = value ?? '';
  if (!INT.test(text))
    throw badRequest(`strconv.ParseInt: parsing ${JSON.stringify(text)}: invalid syntax`);
  return Number(text);
}

/** strconv.Atoi for `{stage}` / `{step}` segments. */
export function atoi(value: string | undefined | null): number {
  const text = value ?? '';
  if (!INT.test(text))
    throw badRequest(`strconv.Atoi: parsing ${JSON.stringify(text)}: invalid syntax`);
  return Number(text);
}

/** Atoi that swallows errors into 0, like Drone's `page`/`per_page` handling. */
export function atoiOrZero(value: string | null): number {
  return value !== null && INT.test(value) ? Number(value) : 0;
}

type GoType = 'string' | 'bool' | 'int64' | 'any';

function jsonKind(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'boolean') return 'bool';
  return typeof value === 'object' ? 'object' : typeof value;
}

function fits(value: unknown, type: GoType): boolean {
  if (value === null || type === 'any') return true;
  if (type === 'string') return typeof value === 'string';
  if (type === 'bool') return typeof value === 'boolean';
  return typeof value === 'number' && Number.isInteger(value);
}

function syntaxError(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return 'EOF';
  const first = trimmed[0] ?? '';
  if (!/[[{"\-0-9tfn]/.test(first))
    return `invalid character '${first}' looking for beginning of value`;
  return 'unexpected EOF';
}

/**
 * json.NewDecoder(r.Body).Decode(&in) into a Go struct named `structName` with these fields.
 * Unknown keys are ignored and null leaves a field unset, as in Go.
 */
export async function readBody<T extends Record<string, GoType>>(
  request: Request,
  structName: string,
  fields: T,
): Promise<Partial<Record<keyof T, unknown>>> {
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(syntaxError(text));
  }
  if (value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(
      `json: cannot unmarshal ${jsonKind(value)} into Go value of type ${structName}`,
    );
  }
  const body = value as Record<string, unknown>;
  const out: Partial<Record<keyof T, unknown>> = {};
  for (const [key, type] of Object.entries(fields)) {
    const field = body[key];
    if (field === undefined || field === null) continue;
    if (!fits(field, type)) {
      throw badRequest(
        `json: cannot unmarshal ${jsonKind(field)} into Go struct field ${structName}.${key} of type ${type}`,
      );
    }
    out[key as keyof T] = field;
  }
  return out;
}

/**
 * The same Decode with its error ignored (a handler that does not check it): a body that is not
 * a JSON object sets nothing, and a mistyped field is skipped while the others are set, as Go's
 * decoder goes on past an UnmarshalTypeError.
 */
export async function readBodyIgnoringErrors<T extends Record<string, GoType>>(
  request: Request,
  fields: T,
): Promise<Partial<Record<keyof T, unknown>>> {
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const out: Partial<Record<keyof T, unknown>> = {};
  for (const [key, type] of Object.entries(fields)) {
    const field = (body as Record<string, unknown>)[key];
    if (field !== undefined && field !== null && fits(field, type)) out[key as keyof T] = field;
  }
  return out;
}

export const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
export const bool = (value: unknown): boolean | undefined =>
  typeof value === 'boolean' ? value : undefined;
export const int = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : undefined;

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** uniuri.NewLen(32): an opaque alphanumeric API token. */
export function newToken(length = 32): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ALNUM[b % ALNUM.length]).join('');
}

/** gosimple/slug.Make for ASCII names: lower case, runs of other characters become one dash. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}

/** The injectable clock's time in Unix seconds (wall time when no runtime is installed yet). */
export function unixNow(): number {
  let ms: number;
  try {
    ms = runtime().clock.now();
  } catch {
    ms = Date.now();
  }
  return Math.floor(ms / 1000);
}

/** Query keys (first value each) in order, like iterating Go's r.URL.Query(). */
export function queryEntries(url: URL, skip: readonly string[]): Array<[string, string]> {
  const seen = new Set<string>();
  const out: Array<[string, string]> = [];
  for (const [key, value] of url.searchParams) {
    if (skip.includes(key) || seen.has(key)) continue;
    seen.add(key);
    out.push([key, value]);
  }
  return out;
}
