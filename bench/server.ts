import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

// The production build, served statically by `vite preview` (no dev transforms, minified).
export const OUT_DIR = 'bench/results/dist';

export function buildProduction(): void {
  // `vite build` rather than `npm run build`: the benchmark measures the bundle, and must not
  // depend on the whole project type-checking at that moment.
  const result = spawnSync('npx', ['vite', 'build', '--outDir', OUT_DIR, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status})`);
}

export async function servePreview(port: number): Promise<ChildProcess> {
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
      OUT_DIR,
    ],
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopServer(server);
  throw new Error(`vite preview did not answer on port ${port}`);
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
