// node:http <-> Fetch bridge for the standalone mock server: each request becomes a Fetch
// Request answered by msw's getResponse over the same handlers as the browser and the tests.
// Adds what the real server's middleware adds around the handlers: CORS on /api (go-chi/cors as
// Drone configures it, docs/drone-api.md 1.2) and a 404 for unknown paths. Bodies are streamed chunk by
// chunk, so server-sent events reach the client as they are written.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse, type RequestHandler } from 'msw';
import { NO_CACHE_HEADERS, RAW_PATH_HEADER } from './http';

const ALLOWED_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'];
const ALLOWED_HEADERS = ['accept', 'authorization', 'content-type', 'x-csrf-token'];

/** go-chi/cors: the origin is echoed (credentials are allowed, so never `*`). */
function corsHeaders(req: IncomingMessage, preflight: boolean): Record<string, string> {
  const origin = req.headers.origin;
  if (!origin) return {};
  const headers: Record<string, string> = {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Credentials': 'true',
  };
  if (!preflight) return { ...headers, 'Access-Control-Expose-Headers': 'Link', Vary: 'Origin' };
  const method = String(req.headers['access-control-request-method'] ?? '').toUpperCase();
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers';
  // A disallowed method or header gets no CORS headers at all, as go-chi/cors does.
  if (!ALLOWED_METHODS.includes(method)) return { Vary: vary };
  if (requested.some((h) => !ALLOWED_HEADERS.includes(h.toLowerCase()))) return { Vary: vary };
  return {
    ...headers,
    'Access-Control-Allow-Methods': method,
    ...(requested.length ? { 'Access-Control-Allow-Headers': requested.join(', ') } : {}),
    'Access-Control-Max-Age': '300',
    Vary: vary,
  };
}

async function toRequest(req: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const url = `http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  }
  // The URL above resolves `.` and `..` segments; Drone routes on the path as it was sent.
  headers.set(RAW_PATH_HEADER, (req.url ?? '/').split('?')[0]!);
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new Request(url, { method, headers, body: Buffer.concat(chunks), signal });
}

const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

async function send(res: ServerResponse, response: Response, extra: Record<string, string>) {
  res.statusCode = response.status;
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie') res.setHeader(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  for (const [key, value] of Object.entries(extra)) res.setHeader(key, value);
  if (!response.body) {
    res.end();
    return;
  }
  res.flushHeaders();
  const reader = response.body.getReader();
  // A client that goes away cancels the body, which ends the SSE stream's subscriptions.
  res.on('close', () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { done, value } = await reader.read();
    if (done || res.destroyed) break;
    // Wait for the socket to take it: a generated log is then produced as the client reads it,
    // instead of in one go into memory before the first byte leaves.
    if (!res.write(value)) await drained(res);
  }
  res.end();
}

async function handle(handlers: RequestHandler[], req: IncomingMessage, res: ServerResponse) {
  req.socket.setNoDelay(true);
  const isApi = (req.url ?? '').startsWith('/api/');
  const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'];
  const cors = isApi ? corsHeaders(req, Boolean(preflight)) : {};
  if (isApi && preflight) {
    res.writeHead(200, { ...NO_CACHE_HEADERS, ...cors }).end();
    return;
  }
  const aborted = new AbortController();
  res.on('close', () => aborted.abort());
  const request = await toRequest(req, aborted.signal);
  const response = await getResponse(handlers, request);
  // A network error (HttpResponse.error(), the `network` fault): no answer at all. The socket is
  // dropped, so an HTTP client fails as on a lost connection instead of reading a status.
  if (response?.type === 'error') {
    req.socket.destroy();
    return;
  }
  if (!response) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...cors });
    res.end('404 page not found\n');
    return;
  }
  await send(res, response, cors);
}

export interface RunningServer {
  /** e.g. http://127.0.0.1:18080 */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/** Serves the handlers on host:port (port 0 picks a free one). */
export function serveHandlers(
  handlers: RequestHandler[],
  options: { port: number; host?: string },
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createServer((req, res) => {
    handle(handlers, req, res).catch((error: unknown) => {
      console.error('mock server:', error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}`,
        server,
        close: () =>
          new Promise<void>((done) => {
            // Open event streams would keep the server alive forever.
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
