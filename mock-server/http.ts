// The one response layer of the mock server, so every handler answers like Drone
// (docs/drone-api.md 1.2 and 2): Go's JSON encoder, chi's NoCache headers, chi's 404/405, and
// DroneError turned into `{"message":...}`. Handlers return values; this file writes the bytes.
import { http, HttpResponse, type HttpHandler } from 'msw';
import { chiRoutePath } from './chipath';
import { DroneError } from './errors';
import { goEncode } from './gojson';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface Ctx {
  request: Request;
  url: URL;
  /** Route params as chi hands them over (chipath.ts); a trailing `*` is under the key '*'. */
  params: Record<string, string>;
  /** Cookies as msw merges them (Cookie header, document, msw's cookie store). */
  cookies: Record<string, string>;
}

export type Resolver = (ctx: Ctx) => Response | Promise<Response>;

/** chi's middleware.NoCache on every /api response (epoch formatted like Go's RFC1123 in UTC). */
export const NO_CACHE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache, no-store, must-revalidate, private, max-age=0',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 UTC',
  'X-Accel-Expires': '0',
};

// HttpResponse (not Response) so msw records Set-Cookie in its cookie store in the browser.
export function respond(
  body: string | ReadableStream<Uint8Array> | null,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new HttpResponse(body, { status: init.status ?? 200, headers: init.headers });
}

export function json(value: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return respond(goEncode(value), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Already-encoded JSON bytes (stored logs and cards are served verbatim). */
export function rawJson(bytes: string | ReadableStream<Uint8Array>): Response {
  return respond(bytes, { headers: { 'Content-Type': 'application/json' } });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return respond(null, { status: 204, headers });
}

export function errorJson(status: number, message: string): Response {
  return json({ message }, status);
}

/** Go's http.Error: text/plain with a trailing newline. */
export function plainError(status: number, text: string): Response {
  return respond(`${text}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Go's http.Redirect keeps the URL as written, escaping only non-ASCII bytes. */
export function redirect(location: string, headers: Record<string, string> = {}): Response {
  const escaped = location.replace(/[^\x20-\x7e]/gu, (c) => encodeURIComponent(c));
  return respond(null, { status: 303, headers: { Location: escaped, ...headers } });
}

interface CompiledPath {
  regex: RegExp;
  names: string[];
}

/** `/repos/:owner/:name/builds/branches/*` -> an anchored regex (chi-like segment matching). */
function compilePath(path: string): CompiledPath {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(.*)';
      }
      return segment.replace(/:(\w+)|([^:]+)/g, (_m, name?: string, literal?: string) => {
        if (name) {
          names.push(name);
          return '([^/]+)';
        }
        return (literal ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      });
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

function matchPath(compiled: CompiledPath, path: string): Record<string, string> | undefined {
  const match = compiled.regex.exec(path);
  if (!match) return undefined;
  const params: Record<string, string> = {};
  compiled.names.forEach((name, i) => {
    params[name] = match[i + 1] ?? '';
  });
  return params;
}

/**
 * Set by the standalone server (bridge.ts): the path exactly as the client sent it. A Fetch
 * Request's URL has already resolved `.` and `..` segments, which Drone's router never does (the
 * drone CLI sends `/secrets/..` as it is).
 */
export const RAW_PATH_HEADER = 'x-drone-mock-raw-path';

const routePaths = new WeakMap<Request, string>();

/** The path Drone's router matches routes against, worked out once per request. */
function routePath(request: Request): string {
  let path = routePaths.get(request);
  if (path === undefined) {
    path = chiRoutePath(rawPath(request));
    routePaths.set(request, path);
  }
  return path;
}

const rawPath = (request: Request) =>
  request.headers.get(RAW_PATH_HEADER) ?? new URL(request.url).pathname;

/** Runs a resolver, turning a thrown DroneError into Drone's error body. */
async function run(resolve: Resolver, ctx: Ctx): Promise<Response> {
  try {
    return await resolve(ctx);
  } catch (error) {
    if (error instanceof DroneError) return errorJson(error.status, error.message);
    console.error('mock server:', error);
    return errorJson(500, error instanceof Error ? error.message : String(error));
  }
}

function withHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  for (const [key, value] of Object.entries(headers)) {
    // A handler's own cache headers (the badge) win over the middleware's.
    if (!response.headers.has(key)) response.headers.set(key, value);
  }
  return response;
}

const methods = {
  GET: http.get,
  POST: http.post,
  PATCH: http.patch,
  PUT: http.put,
  DELETE: http.delete,
} as const;

function route(method: Method, path: string, resolve: Resolver, api: boolean): HttpHandler {
  const compiled = compilePath(path);
  // Any origin (browser, Node tests, standalone): the predicate matches the path chi would route
  // on, which msw's own path patterns (on the URL) cannot see.
  return methods[method](
    ({ request }) => {
      const params = matchPath(compiled, routePath(request));
      return params ? { matches: true, params } : false;
    },
    async ({ request, params, cookies }) => {
      const url = new URL(request.url);
      const response = await run(resolve, {
        request,
        url,
        params: params as Record<string, string>,
        cookies,
      });
      return api ? withHeaders(response, NO_CACHE_HEADERS) : response;
    },
  );
}

/** Every /api path with a route, so the fallback can tell 405 from 404. */
const knownApiPaths: CompiledPath[] = [];

/** A route of the /api router (NoCache headers, 405 for the path's other methods). */
export function api(method: Method, path: string, resolve: Resolver): HttpHandler {
  knownApiPaths.push(compilePath(`/api${path}`));
  return route(method, `/api${path}`, resolve, true);
}

/** A route of the web router (`/login`, `/link/...`, `/version`...). */
export function web(method: Method, path: string, resolve: Resolver): HttpHandler {
  return route(method, path, resolve, false);
}

/** chi's answers for anything else under /api: 405 empty for a known path, else 404 text. */
export const apiFallback: HttpHandler = http.all(
  ({ request }) => rawPath(request).startsWith('/api/'),
  ({ request }) => {
    const path = routePath(request);
    const known = knownApiPaths.some((compiled) => compiled.regex.test(path));
    const response = known ? respond(null, { status: 405 }) : plainError(404, '404 page not found');
    return withHeaders(response, NO_CACHE_HEADERS);
  },
);
