import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';

// The production build, served statically by `vite preview` (no dev transforms, minified).

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

/** Serves `outDir`, with `barePage` (bench/floor.html) beside the console as /bench-floor.html. */
export async function servePreview(
  port: number,
  outDir: string,
  barePage?: string,
): Promise<ChildProcess> {
  if (barePage) copyFileSync(barePage, join(outDir, 'bench-floor.html'));
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

async function answers(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/`)).ok;
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
