import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';

// E2E_PORT lets several people run the suite at once (the server-mode console takes the next
// port, the standalone mock E2E_STANDALONE_PORT); E2E_MOCK_ONLY=1 skips the server-mode servers.
// Not 5173, so the suite runs beside `npm start`. Every run starts the servers it tests: one
// left on a port would serve an old build.
const MOCK_PORT = Number(process.env.E2E_PORT ?? 5190);
const mockOnly = process.env.E2E_MOCK_ONLY === '1';
const SERVER_MODE_PORT = MOCK_PORT + 1;
const STANDALONE_PORT = Number(process.env.E2E_STANDALONE_PORT ?? 18190);

/**
 * The tests run against production builds served by `vite preview`: a page loads a few minified
 * chunks instead of hundreds of modules transformed on demand (each through the mock's service
 * worker), and there is no cold start or dependency re-optimisation to wait for. One build per
 * console, made once per run; the folder carries the port so checkouts running at once do not
 * share one.
 */
function builtConsole(name: string, port: number, env: Record<string, string>) {
  const outDir = `node_modules/.cache/e2e-${MOCK_PORT}/${name}`;
  return {
    command:
      `npx vite build --outDir ${outDir} --emptyOutDir --logLevel warn && ` +
      `npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    env,
    url: `http://127.0.0.1:${port}`,
    timeout: 180_000,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    permissions: ['clipboard-read', 'clipboard-write'],
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'mock',
      testIgnore: /server-mode\.spec\.ts|standalone\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
    {
      name: 'server',
      testMatch: /server-mode\.spec\.ts|standalone\.spec\.ts/,
      use: { baseURL: `http://127.0.0.1:${SERVER_MODE_PORT}` },
    },
  ],
  webServer: [
    // The console on its embedded mock server (a service worker), as `npm start` runs it.
    builtConsole('mock', MOCK_PORT, { DRONE_MOCK: 'true' }),
    ...(mockOnly ? [] : serverModeServers()),
  ],
});

function serverModeServers() {
  return [
    {
      command: `npx tsx mock-server/standalone.ts --port ${STANDALONE_PORT} --scenario demo`,
      url: `http://127.0.0.1:${STANDALONE_PORT}/healthz`,
      timeout: 120_000,
    },
    // The console built for a Drone server; `vite preview` proxies the server's routes to the
    // standalone mock as the dev server would (vite.config.ts).
    builtConsole('server', SERVER_MODE_PORT, {
      DRONE_SERVER: `http://127.0.0.1:${STANDALONE_PORT}`,
      DRONE_MOCK: 'false',
    }),
  ];
}
