// Fault injection for the mock server: slow, failing, malformed and dropped answers on chosen
// /api routes, so the console's error paths can be exercised by hand and in end-to-end tests.
//
//   spec    := item ("," item)*
//   item    := "seed=" integer | rule
//   rule    := [METHOD " "] pattern ":" fault (":" option)*
//   pattern := a path; "*" matches any run of characters, slashes included (query ignored)
//   fault   := "latency=" ms | status | status "=" message | "bare=" status | "html" ["=" status]
//            | "truncate" | "network" | "drop=" events (new ones: a replayed history is not counted)
//   option  := rate (0..1, or "50%") | "times=" n (fire at most n times)
//
// e.g. `GET /api/user/repos:500:0.5,*/builds/*:latency=2000,/api/stream*:drop=5:times=5`.
// Messages are percent-decoded, so `500=Disk%20full%2C%20sorry` carries spaces and commas.
// Every rule rolls its own seeded PRNG (mock-server/prng.ts): the same spec and seed give the
// same faults for the same sequence of requests. Without `seed=` the seed is the spec's hash.
import { delay, getResponse, http, HttpResponse, type RequestHandler } from 'msw';
import { createRandom, hashSeed, type Random } from './prng';

export type Fault =
  | { kind: 'latency'; ms: number }
  /** A JSON error; `message: null` sends an empty body (no message, no raw text). */
  | { kind: 'status'; status: number; message: string | null }
  | { kind: 'html'; status: number }
  | { kind: 'truncate' }
  | { kind: 'network' }
  | { kind: 'drop'; after: number };

export interface FaultRule {
  method?: string;
  pattern: string;
  fault: Fault;
  rate: number;
  times?: number;
}

export interface FaultPlan {
  seed: number;
  rules: FaultRule[];
}

export class FaultSpecError extends Error {
  constructor(item: string, reason: string) {
    super(`bad fault rule "${item}": ${reason}`);
    this.name = 'FaultSpecError';
  }
}

const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
const reason = (status: number) => REASONS[status] ?? 'Error';

function errorStatus(item: string, text: string): number {
  const status = Number(text);
  if (!/^\d{3}$/.test(text) || status < 400 || status > 599) {
    throw new FaultSpecError(item, `"${text}" is not an error status (400-599)`);
  }
  return status;
}

function count(item: string, text: string, what: string): number {
  if (!/^\d+$/.test(text)) throw new FaultSpecError(item, `${what} must be a whole number`);
  return Number(text);
}

function parseFault(item: string, token: string): Fault {
  const [name = '', ...rest] = token.split('=');
  const value = rest.join('=');
  const hasValue = rest.length > 0;
  if (name === 'latency') return { kind: 'latency', ms: count(item, value, 'latency') };
  if (name === 'drop') return { kind: 'drop', after: count(item, value, 'drop') };
  if (name === 'bare') return { kind: 'status', status: errorStatus(item, value), message: null };
  if (name === 'html') return { kind: 'html', status: hasValue ? errorStatus(item, value) : 502 };
  if (name === 'truncate' && !hasValue) return { kind: 'truncate' };
  if (name === 'network' && !hasValue) return { kind: 'network' };
  if (/^\d+$/.test(name)) {
    const status = errorStatus(item, name);
    const message = hasValue ? decodeURIComponent(value) : reason(status);
    return { kind: 'status', status, message };
  }
  throw new FaultSpecError(item, `unknown fault "${token}"`);
}

function parseRate(item: string, token: string): number {
  const percent = token.endsWith('%');
  const rate = Number(percent ? token.slice(0, -1) : token) / (percent ? 100 : 1);
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new FaultSpecError(item, `"${token}" is not a rate between 0 and 1`);
  }
  return rate;
}

function parseRule(item: string): FaultRule {
  const space = item.indexOf(' ');
  const head = space > 0 ? item.slice(0, space).toUpperCase() : '';
  const method = METHODS.includes(head) ? head : undefined;
  const [pattern = '', faultToken, ...options] = (method ? item.slice(space + 1) : item)
    .trim()
    .split(':');
  if (!pattern.startsWith('/') && !pattern.startsWith('*')) {
    throw new FaultSpecError(item, 'the pattern must start with "/" or "*"');
  }
  if (!faultToken) throw new FaultSpecError(item, 'no fault after the pattern');
  const rule: FaultRule = { pattern, fault: parseFault(item, faultToken), rate: 1 };
  if (method) rule.method = method;
  for (const option of options) {
    if (option.startsWith('times=')) rule.times = count(item, option.slice(6), 'times');
    else rule.rate = parseRate(item, option);
  }
  return rule;
}

/** Parses a fault spec; an empty spec (or `off`) is no plan at all. Throws FaultSpecError. */
export function parseFaults(spec: string): FaultPlan | null {
  const items = spec
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0 || (items.length === 1 && items[0] === 'off')) return null;
  let seed: number | undefined;
  const rules: FaultRule[] = [];
  for (const item of items) {
    if (item.startsWith('seed=')) seed = count(item, item.slice(5), 'seed');
    else rules.push(parseRule(item));
  }
  return { seed: seed ?? hashSeed(spec), rules };
}

const globToRegex = (pattern: string) =>
  new RegExp(`^${pattern.split('*').map(escapeRegex).join('.*')}$`);
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface LiveRule extends FaultRule {
  regex: RegExp;
  random: Random;
  fired: number;
}

/** Events a `drop` rule has let through, per stream path (see dropStreamAfter). */
const sentEvents = new Map<string, Set<number>>();

export interface FaultDecision {
  /** Total extra latency of the matching latency rules that fired. */
  latency: number;
  /** The path the decision is for (a dropped stream remembers its events per path). */
  pathname?: string;
  /** The first other matching rule that fired, if any. */
  fault?: Exclude<Fault, { kind: 'latency' }>;
}

/** A plan with its per-rule PRNGs and counters: decides what happens to each request. */
export interface FaultInjector {
  readonly plan: FaultPlan;
  decide(method: string, pathname: string): FaultDecision;
  /** How many times each rule has fired so far, in spec order. */
  fired(): number[];
}

export function createInjector(plan: FaultPlan): FaultInjector {
  const rules: LiveRule[] = plan.rules.map((rule, index) => ({
    ...rule,
    regex: globToRegex(rule.pattern),
    random: createRandom(hashSeed(plan.seed, index)),
    fired: 0,
  }));
  return {
    plan,
    fired: () => rules.map((rule) => rule.fired),
    decide(method, pathname) {
      const decision: FaultDecision = { latency: 0, pathname };
      for (const rule of rules) {
        if (rule.method && rule.method !== method.toUpperCase()) continue;
        if (!rule.regex.test(pathname)) continue;
        if (rule.times !== undefined && rule.fired >= rule.times) continue;
        if (rule.fault.kind !== 'latency' && decision.fault) continue;
        if (rule.random.next() >= rule.rate) continue;
        rule.fired += 1;
        if (rule.fault.kind === 'latency') decision.latency += rule.fault.ms;
        else decision.fault = rule.fault;
      }
      return decision;
    },
  };
}

let injector: FaultInjector | null = null;

/** Turns faults on (a spec) or off (null, '' or 'off'). Throws FaultSpecError on a bad spec. */
export function setFaults(spec: string | null): FaultPlan | null {
  const plan = spec ? parseFaults(spec) : null;
  injector = plan ? createInjector(plan) : null;
  sentEvents.clear();
  return plan;
}

export const activeFaults = (): FaultPlan | null => injector?.plan ?? null;

/** How many times each active rule has fired (for tests that wait for N drops). */
export const firedFaults = (): number[] => injector?.fired() ?? [];

/** nginx's error page, the usual HTML a proxy puts in front of an API. */
function htmlPage(status: number): Response {
  const title = `${status} ${reason(status)}`;
  const body = `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
  return new HttpResponse(body, {
    status,
    statusText: reason(status),
    headers: { 'Content-Type': 'text/html' },
  });
}

function statusError(status: number, message: string | null): Response {
  const body = message === null ? null : `${JSON.stringify({ message })}\n`;
  const headers: Record<string, string> =
    message === null ? {} : { 'Content-Type': 'application/json' };
  return new HttpResponse(body, { status, statusText: reason(status), headers });
}

function withBody(response: Response, body: BodyInit | null): Response {
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  return new HttpResponse(body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** The first half of the real answer: JSON that stops mid-way. */
async function truncated(response: Response): Promise<Response> {
  const text = await response.text();
  return withBody(response, text.slice(0, Math.floor(text.length / 2)));
}

const DATA_EVENT = /^data:(?! eof$).*\n\n\n?/gm;

/**
 * Passes an event stream through, then closes it without `eof` after `after` data events.
 * Events listed in `sent` (a replayed history the client had before) pass through uncounted, and
 * every event is added to it: each connection of a log stream then gets some new lines before it
 * drops, however long its replay, so a client that reconnects always makes progress.
 */
export function dropStreamAfter(
  body: ReadableStream<Uint8Array>,
  after: number,
  sent: Set<number> = new Set(),
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let seen = 0;
  const hangUp = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    controller.close();
    void reader.cancel().catch(() => undefined);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (after === 0) hangUp(controller);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      // The mock's streams enqueue whole events, so a chunk never splits one.
      const text = decoder.decode(value, { stream: true });
      for (const match of text.matchAll(DATA_EVENT)) {
        const key = hashSeed(match[0]);
        if (sent.has(key)) continue;
        sent.add(key);
        seen += 1;
        if (seen < after) continue;
        controller.enqueue(encoder.encode(text.slice(0, match.index + match[0].length)));
        return hangUp(controller);
      }
      controller.enqueue(value);
    },
    cancel: (why) => reader.cancel(why),
  });
}

async function applyFault(
  { fault, pathname = '' }: FaultDecision,
  request: Request,
  inner: RequestHandler[],
): Promise<Response | undefined> {
  if (!fault) return undefined;
  if (fault.kind === 'network') return HttpResponse.error();
  if (fault.kind === 'status') return statusError(fault.status, fault.message);
  if (fault.kind === 'html') return htmlPage(fault.status);
  const response = await getResponse(inner, request);
  if (!response?.body) return response;
  if (fault.kind === 'truncate') return truncated(response);
  const isStream = response.headers.get('Content-Type')?.startsWith('text/event-stream');
  if (!isStream) return response;
  let sent = sentEvents.get(pathname);
  if (!sent) sentEvents.set(pathname, (sent = new Set()));
  return withBody(response, dropStreamAfter(response.body, fault.after, sent));
}

/**
 * Goes first in the handler list. With no faults on, or for a request no rule picks, it answers
 * nothing and the real handlers run; `truncate` and `drop` wrap the real handlers' answer.
 */
export function faultHandler(inner: RequestHandler[]): RequestHandler {
  return http.all('*', async ({ request }) => {
    if (!injector) return undefined;
    const { pathname } = new URL(request.url);
    // Only the server's API: the console's own files and pages are never faulted.
    if (!pathname.startsWith('/api/')) return undefined;
    const decision = injector.decide(request.method, pathname);
    if (decision.latency > 0) await delay(decision.latency);
    return applyFault(decision, request, inner);
  });
}
