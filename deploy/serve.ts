// `npm run serve -- --server https://drone.example.com`: the console's production build in front
// of a Drone server, for those who run no proxy of their own (issue 27, README "Deploy"). Drone's
// routes (deploy/routes.ts) go to the server through http-proxy-3, the proxy Vite's dev server
// uses; everything else is the build, served by sirv with the single-page fallback. Prints
// `Console: http://HOST:PORT` once listening (test harnesses wait for that line).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import { RUNTIME_CONFIG_PATH } from '../src/runtimeConfig';
import { cacheControl, HASHED_ASSET, mayCarryToken, securityHeaders } from './headers';
import { isDroneRoute } from './routes';
import { parseServeArgs, SERVE_USAGE, UsageError, type ServeOptions } from './serveOptions';

export interface Serving {
  url: string;
  close(): Promise<void>;
}

/** Drone's answer to anything proves it is there; a refused connection or a timeout does not. */
export async function checkServer(server: string): Promise<void> {
  try {
    await fetch(`${server}/healthz`, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(
      `Cannot reach the Drone server at ${server}: ${cause?.code ?? cause?.message ?? (error as Error).message}`,
    );
  }
}

function droneProxy({ server, token }: ServeOptions) {
  const proxy = createProxyServer({ target: server, changeOrigin: true, xfwd: true });
  proxy.on('proxyReq', (proxyReq, req) => {
    if (token && !req.headers.authorization && mayCarryToken(req.headers))
      proxyReq.setHeader('Authorization', `Bearer ${token}`);
  });
  // Event streams pass through as they come (Node does not buffer them); this tells a front
  // such as nginx not to either.
  proxy.on('proxyRes', (proxyRes) => {
    if (String(proxyRes.headers['content-type']).includes('text/event-stream'))
      proxyRes.headers['x-accel-buffering'] = 'no';
  });
  // The console shows an answer's `message` (docs/spec.md 8).
  proxy.on('error', (error, _req, res) => {
    if (!('writeHead' in res) || res.headersSent) return void res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: `Drone server unreachable: ${error.message}` }));
  });
  return proxy;
}

function consoleFiles({ dist, config }: ServeOptions) {
  const headers = securityHeaders(config);
  const setHeaders = (res: ServerResponse, pathname: string) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    res.setHeader('Cache-Control', cacheControl(pathname));
  };
  // `gzip`: a file's gzipped twin (vite.config.ts precompressedAssets) to browsers that take it.
  const files = sirv(dist, { etag: true, dotfiles: false, gzip: true, setHeaders });
  // The build's own config.json holds the defaults; the deployment's replaces it.
  const configBody = JSON.stringify(config);
  return (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (path === RUNTIME_CONFIG_PATH) {
      setHeaders(res, path);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(req.method === 'HEAD' ? undefined : configBody);
    }
    files(req, res, () => {
      // A missing hashed file is a 404 (not the page, which a script tag would run as code);
      // any other path is a client route: index.html.
      if (HASHED_ASSET.test(path)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        return void res.end('Not Found');
      }
      req.url = '/index.html';
      files(req, res);
    });
  };
}

/** Serves the build and proxies Drone's routes; resolves once listening. */
export async function serve(options: ServeOptions): Promise<Serving> {
  const proxy = droneProxy(options);
  const files = consoleFiles(options);
  const server = createServer((req, res) => {
    if (isDroneRoute(req.method ?? 'GET', req.url ?? '/')) proxy.web(req, res);
    else files(req, res);
  });
  // Event streams and the runners' long polls stay open as long as Drone keeps them.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main(args: string[]): Promise<void> {
  let options: ServeOptions;
  try {
    const commandLine = parseServeArgs(args, process.env);
    if (commandLine.help) return void console.info(SERVE_USAGE);
    options = commandLine.options;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`serve: ${error.message}\nRun \`npm run serve -- --help\` for the options.`);
    process.exit(2);
  }
  try {
    await checkServer(options.server);
    const serving = await serve(options);
    console.info(`Console: ${serving.url}`);
    const stop = () => void serving.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    console.error(`serve: ${(error as Error).message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main(process.argv.slice(2));
}
