// Issue 28 item 2: what Stately's inspector receives, a page on another origin, holds no
// credential. Every event and snapshot is copied through `redactInspection` before it leaves the
// tab: the value of any field named like a credential (token, password, secret, authorization,
// cookie, and the `data` of a secret or template) becomes REDACTED, and so does every occurrence
// of a known secret (the configured token, and any value seen under such a field) inside other
// text, keys included. The copy is plain JSON, its depth and breadth bounded as the inspector's
// own serializer bounds them, so a context holding a million log lines does not travel whole.

export const REDACTED = '[redacted]';

/** Field names whose value is a credential: `token`, `accessToken`, `password`, `clientSecret`... */
const CREDENTIAL_FIELD = /(token|password|passwd|secret|authorization|cookie)$/i;
/** A secret's or a template's value (docs/drone-api.md 3.7): text under `data`. */
const VALUE_FIELD = 'data';
/** Shorter values are redacted where they stand, but not looked for inside other text. */
const MIN_SECRET_LENGTH = 6;
/** Longer values (a template's body) are redacted where they stand only. */
const MAX_SECRET_LENGTH = 4096;
const MAX_DEPTH = 10;
/** Entries kept per object or array; the rest are counted, as the inspector's serializer does. */
const MAX_ENTRIES = 100;

const isCredentialField = (key: string, value: unknown) =>
  CREDENTIAL_FIELD.test(key) || (key === VALUE_FIELD && typeof value === 'string');

const isSecretValue = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

/** Every credential value held under a credential field of `value`. */
function collectSecrets(value: unknown, found: Set<string>, depth = 0, seen = new Set<object>()) {
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH || seen.has(value)) return;
  seen.add(value);
  for (const [key, child] of entriesOf(value)) {
    if (isCredentialField(key, child) && isSecretValue(child)) {
      const text = String(child);
      if (text.length >= MIN_SECRET_LENGTH && text.length <= MAX_SECRET_LENGTH) found.add(text);
    } else collectSecrets(child, found, depth + 1, seen);
  }
}

function entriesOf(value: object): Array<[string, unknown]> {
  try {
    return Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : Object.entries(value);
  } catch {
    return []; // A getter that throws (a closed stream's reader) hides nothing worth showing.
  }
}

function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

function copy(
  value: unknown,
  secrets: readonly string[],
  depth: number,
  path: Set<object>,
): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
  if (typeof value === 'function') return { type: redactText(value.name, secrets) };
  if (typeof value !== 'object') return undefined; // undefined, symbols, bigints: not JSON.
  if (path.has(value)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Object]';
  path.add(value);
  const entries = entriesOf(value);
  const kept = entries
    .slice(0, MAX_ENTRIES)
    .map(([key, child]): [string, unknown] => [
      redactText(key, secrets),
      isCredentialField(key, child) && child !== null && child !== undefined
        ? REDACTED
        : copy(child, secrets, depth + 1, path),
    ]);
  path.delete(value);
  const more = entries.length - kept.length;
  if (Array.isArray(value)) {
    const items = kept.map(([, child]) => child);
    return more > 0 ? [...items, `[${more} more]`] : items;
  }
  const object = Object.fromEntries(kept);
  if (more > 0) object['[more]'] = more;
  return object;
}

/**
 * A JSON copy of `value` without credentials: `knownSecrets` (the configured token) and every
 * value found under a credential field are replaced wherever they appear.
 */
export function redactInspection<T>(value: T, knownSecrets: readonly string[] = []): T {
  const found = new Set(knownSecrets.filter((secret) => secret.length > 0));
  collectSecrets(value, found);
  // Longest first, so a secret that holds a shorter one is replaced whole.
  const secrets = [...found].sort((a, b) => b.length - a.length);
  return copy(value, secrets, 0, new Set()) as T;
}
