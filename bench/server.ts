import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

// The production build, served as a deployment serves it: by the serve command (deploy/serve.ts:
// static files and a proxy to the Drone server on one origin, as `npm run serve` runs it), or, for
// the demo build with its in-page mock, by `vite preview`.

/**
 * Builds into `outDir`; `env` chooses the build (README: DRONE_MOCK, DRONE_SERVER_URL...).
 * `vite build` rather than `npm run build`: the benchmark measures the bundle, and must not
 * depend on the whole project type-checking at that moment.
 */
export function buildProduction(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

/** Copies the bare page (bench/floor.html and its script) beside the console, as /bench-floor.*. */
export function addBarePage(outDir: string): void {
  copyFileSync('bench/floor.html', join(outDir, 'bench-floor.html'));
  copyFileSync('bench/floor.js', join(outDir, 'bench-floor.js'));
}

/**
 * Runs `npx tsx script args` in a process group of its own (stopServer ends it); resolves once its
 * output says `ready`.
 */
async function startScript(script: string, args: string[], ready: string): Promise<ChildProcess> {
  const child = spawn('npx', ['tsx', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes(ready)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before listening`)));
  });
  return child;
}

/**
 * Serves `outDir` in front of the Drone server at `server` the way `npm run serve` does, in a
 * process of its own; the proxy adds `token` to the console's calls. Resolves once listening.
 */
export async function serveDeployed(
  port: number,
  outDir: string,
  server: string,
  token: string,
): Promise<ChildProcess> {
  if (await answers(port)) throw new Error(`port ${port} is already in use`);
  const args = ['--server', server, '--port', String(port), '--dist', outDir, '--token', token];
  return startScript('deploy/serve.ts', args, 'Console: ');
}

/**
 * The fake Drone server (the standalone mock, `npm run mock-server`) in a process of its own, as
 * a real server runs beside the console: the bench's own work (the browser driver, the probes)
 * and the mock's garbage collections then never delay each other. Resolves once it listens.
 */
export async function startFakeDrone(port: number, scenario: string): Promise<ChildProcess> {
  if (await answers(port, '/healthz')) throw new Error(`port ${port} is already in use`);
  const args = ['--port', String(port), '--scenario', scenario];
  return startScript('mock-server/standalone.ts', args, 'API base URL');
}

/** Stops a process started here and waits for its port to close. */
export async function stopAndWait(server: ChildProcess, port: number): Promise<void> {
  stopServer(server);
  const deadline = Date.now() + 10_000;
  while ((await answers(port, '/healthz')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Serves `outDir` with `vite preview`. */
export async function servePreview(port: number, outDir: string): Promise<ChildProcess> {
  // Another server on the port would answer for this one (vite's --strictPort exits quietly).
  if (await answers(port)) throw new Error(`port ${port} is already in use`);
  const server = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      outDir,
    ],
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (await answers(port)) return server;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopServer(server);
  throw new Error(`vite preview did not answer on port ${port}`);
}

async function answers(port: number, path = '/'): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${path}`);
    await response.arrayBuffer();
    return path === '/' ? response.ok : true;
  } catch {
    return false; // Not listening.
  }
}

/** Stops the preview server and the processes it started (its own process group). */
export function stopServer(server: ChildProcess): void {
  if (server.pid === undefined) return;
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}
