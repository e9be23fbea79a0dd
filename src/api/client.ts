import { ofetch, FetchError, type FetchOptions } from 'ofetch';
import { config, serverOrigin } from '../config';
import { unaddressableNameMessage, unaddressableNames } from './urls';
import { checkedValues } from './values';

/** The one error shape of the console (docs/spec.md 8, docs/architecture.md 4). */
export class ApiError extends Error {
  readonly status: number;
  /**
   * The server answered with success but the answer could not be read (cut short, not JSON): a
   * change asked for may well have happened, so the caller should look again, not report it failed.
   */
  readonly malformed: boolean;
  constructor(status: number, message: string, { malformed = false } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.malformed = malformed;
  }
}

/**
 * Absolute base so the same client works in the browser, in Node tests and behind a proxy: the
 * server's origin, as snippets shown to the user have it too (one definition, in config.ts).
 */
export const apiBase = serverOrigin;

function messageOf(data: unknown): string | undefined {
  // A call read as text (responseType 'text') still gets Drone's JSON error body as a string.
  if (typeof data === 'string' && data.trimStart().startsWith('{')) {
    try {
      return messageOf(JSON.parse(data));
    } catch {
      return undefined;
    }
  }
  if (data && typeof data === 'object' && 'message' in data) {
    const message = (data as { message: unknown }).message;
    if (typeof message === 'string' && message !== '') return message;
  }
  return undefined;
}

/**
 * docs/spec.md 8: the response's `message` field, else the raw response, else the network error text.
 * Every failed call in the app goes through here; nothing else parses errors.
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError) {
    if (error.response) {
      return responseError(error.response.status, error.response.statusText, error.data);
    }
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return new ApiError(0, cause || error.message);
  }
  if (error instanceof Error) return new ApiError(0, error.message);
  return new ApiError(0, String(error));
}

/** The error of a response with a failure status; `data` is its body, parsed or as text. */
export function responseError(status: number, statusText: string, data: unknown): ApiError {
  const fromBody = messageOf(data);
  if (fromBody) return new ApiError(status, fromBody);
  const raw = typeof data === 'string' ? data : JSON.stringify(data ?? '');
  if (isMarkup(raw)) return new ApiError(status, pageTitle(raw) || statusLine(status, statusText));
  const text = raw && raw !== '""' && raw !== 'null' ? raw.trim() : statusText;
  return new ApiError(status, text || `HTTP ${status}`);
}

const statusLine = (status: number, statusText: string) =>
  `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;

/** A web page (a proxy's 502, a sign-in page) rather than Drone's JSON or plain-text answer. */
const isMarkup = (text: string) => /^\s*</.test(text);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The text of a page's <title> ('502 Bad Gateway'), so a user reads a short message instead of
 * the page's markup; '' when it has none.
 */
function pageTitle(html: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  return title
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function authHeaders(): Record<string, string> {
  return config.token ? { Authorization: `Bearer ${config.token}` } : {};
}

/**
 * The absolute URL of a path on the configured server. Only the server gets the console's
 * credentials (its Bearer token, its cookies), so every call to it is built here, and anything
 * that would leave the server's origin (an absolute URL, `//host/...`) is refused. So is a path
 * holding a name no request can address (`encodeSegment`): sent, it would reach another
 * resource (`/secrets/..` is the repository itself).
 */
export function serverUrl(path: string): URL {
  // `//host/...` (or `/\host`) would be another host as a relative URL: refused too.
  const url = apiBase() + path;
  if (!/^\/(?![/\\])/.test(path) || !isServerUrl(url)) {
    throw new ApiError(0, `Refused to send the console's credentials to ${path}`);
  }
  const [name] = unaddressableNames(path);
  if (name !== undefined) {
    throw new ApiError(0, unaddressableNameMessage(name));
  }
  return new URL(url);
}

/** True when `url` is on the configured server's origin (the only place credentials go). */
export function isServerUrl(url: string): boolean {
  try {
    return new URL(url).origin === new URL(apiBase()).origin;
  } catch {
    return false;
  }
}

// Calls to the server carry its cookies; a redirect could carry the Bearer header to another
// host, and no Drone API call redirects, so one fails instead of being followed.
const fetcher = ofetch.create({ credentials: 'include', redirect: 'error', retry: 0 });

// Calls to URLs that anyone may control (a card's schema) carry nothing of the user's.
const publicFetcher = ofetch.create({
  credentials: 'omit',
  referrerPolicy: 'no-referrer',
  retry: 0,
});

type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query | URLSearchParams;
  body?: unknown;
  responseType?: 'json' | 'text';
  /** The answer is the pipeline's JSON (card data), not Drone's: its numbers are left alone. */
  freeForm?: boolean;
}

/**
 * ofetch's lenient parser hands back the text of a body that is not JSON (a truncated answer, a
 * proxy's page with status 200). No Drone call answers a bare JSON string, so a string here is a
 * broken response: it fails with the parser's own error text instead of reaching a machine.
 */
function malformedJson(text: string): ApiError {
  const malformed = { malformed: true };
  // A page (a proxy's sign-in or error page answered with 200): its title, never its markup.
  if (isMarkup(text)) {
    const title = pageTitle(text);
    return new ApiError(
      0,
      `The server sent a web page${title ? ` (${title})` : ''}, not JSON`,
      malformed,
    );
  }
  try {
    JSON.parse(text);
  } catch (error) {
    if (error instanceof Error) return new ApiError(0, error.message, malformed);
  }
  return new ApiError(0, 'The server sent a response that is not JSON', malformed);
}

function withQuery(url: URL, query: RequestOptions['query']): URL {
  if (query instanceof URLSearchParams) {
    query.forEach((value, key) => url.searchParams.append(key, value));
  } else if (query) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
  }
  return url;
}

async function parsed<T>(
  call: typeof fetcher,
  url: URL,
  options: FetchOptions<'json' | 'text'>,
): Promise<T> {
  const data: unknown = await call(url.href, options);
  if (options.responseType === 'json' && typeof data === 'string') throw malformedJson(data);
  return data as T;
}

/** One call to the server, at a path of it; failures always reject with ApiError. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, responseType = 'json', freeForm = false } = options;
  const fetchOptions: FetchOptions<'json' | 'text'> = {
    method,
    headers: authHeaders(),
    responseType,
  };
  if (body !== undefined) fetchOptions.body = body as Record<string, unknown>;
  try {
    const answer = await parsed<T>(fetcher, withQuery(serverUrl(path), query), fetchOptions);
    // Times and counts are checked where every answer arrives (issue 28 item 8).
    return freeForm ? answer : checkedValues(answer);
  } catch (error) {
    throw failed(method, path, error);
  }
}

/**
 * A GET of JSON at a URL that anyone may have written (a card's schema), relative to the server
 * or on any http(s) host: sent without the console's credentials, cookies or referrer, wherever
 * it points.
 */
export async function fetchPublicJson<T>(url: string): Promise<T> {
  try {
    const target = new URL(url, apiBase());
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new ApiError(0, `Not an http(s) URL: ${url}`);
    }
    return await parsed<T>(publicFetcher, target, { method: 'GET', responseType: 'json' });
  } catch (error) {
    throw failed('GET', url, error);
  }
}

/**
 * docs/spec.md 8: errors are also logged to the console. A warning, not an error: the failure is
 * expected and handled, and the end-to-end tests treat console errors as defects. `quiet`: a
 * call made ahead of need, whose failure nobody sees (see prefetchLogs).
 */
function failed(method: string, path: string, error: unknown, quiet = false): ApiError {
  const apiError = toApiError(error);
  if (!quiet) console.warn(`${method} ${path}: ${apiError.message}`);
  return apiError;
}

/** What this client would send for a GET of `path`, for a call made elsewhere (a worker). */
export function requestTarget(path: string): { url: string; headers: Record<string, string> } {
  return { url: serverUrl(path).href, headers: authHeaders() };
}

export interface StreamOptions<T> {
  /** Makes the request another way (in a worker) when it can. */
  call?: (target: ReturnType<typeof requestTarget>) => Promise<T> | null;
  /** A call made ahead of need, whose failure nobody sees: not logged (see prefetchLogs). */
  quiet?: boolean;
  /** Cancels the call and the reading of its body; a failure after that is not logged. */
  signal?: AbortSignal;
}

/**
 * A GET whose body is read by `read` as it arrives (a stored log of a million lines, a live
 * event stream), instead of being buffered and parsed whole. Failures, of the call or of
 * `read`, reject as `request`.
 */
export async function requestStream<T>(
  path: string,
  read: (body: ReadableStream<Uint8Array> | null) => Promise<T>,
  { call, quiet = false, signal }: StreamOptions<T> = {},
): Promise<T> {
  try {
    const elsewhere = call?.(requestTarget(path));
    if (elsewhere) return await elsewhere;
    const response = await fetcher.raw(serverUrl(path).href, {
      headers: authHeaders(),
      responseType: 'stream',
      signal,
      // A failure's body is an error message, read whole like any other call's.
      async onResponseError({ response }) {
        response._data = await response.text();
      },
    });
    return await read(response.body);
  } catch (error) {
    throw failed('GET', path, error, quiet || signal?.aborted);
  }
}

/**
 * Posts an urlencoded form the way a browser form would, following the server's redirects
 * (Drone answers its web forms with 303s). Resolves with the path and query the server finally
 * sent the browser to, or null when it answered without redirecting.
 */
export async function postForm(
  path: string,
  fields: Record<string, string>,
): Promise<string | null> {
  try {
    const url = serverUrl(path).href;
    const response = await fetcher.raw(url, {
      method: 'POST',
      body: new URLSearchParams(fields),
      responseType: 'text',
      redirect: 'follow',
    });
    // Compare URLs rather than trust `redirected`: Chromium leaves it false when a service
    // worker (the in-browser mock) answered with the redirect, yet `url` is the final one.
    const destination = new URL(response.url || url);
    if (destination.href === url) return null;
    return destination.pathname + destination.search;
  } catch (error) {
    throw failed('POST', path, error);
  }
}
