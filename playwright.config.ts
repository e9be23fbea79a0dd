import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';
import { hostileServers } from './tests/e2e/hostileServers';

// E2E_PORT lets several people run the suite at once (the server-mode console takes the next
// port, the standalone mock E2E_STANDALONE_PORT); E2E_MOCK_ONLY=1 skips the server-mode servers.
const MOCK_PORT = Number(process.env.E2E_PORT ?? 5173);
const mockOnly = process.env.E2E_MOCK_ONLY === '1';
const SERVER_MODE_PORT = MOCK_PORT + 1;
const STANDALONE_PORT = Number(process.env.E2E_STANDALONE_PORT ?? 18190);

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/warmup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
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
    {
      command: `npx vite --host 127.0.0.1 --port ${MOCK_PORT} --strictPort`,
      url: `http://127.0.0.1:${MOCK_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    ...(mockOnly ? [] : serverModeServers()),
    // The hostile-data suite's standalone mock and console (tests/e2e/hostileServers.ts).
    ...(mockOnly ? [] : hostileServers()),
  ],
});

function serverModeServers() {
  return [
    {
      command: `npx tsx mock-server/standalone.ts --port ${STANDALONE_PORT} --scenario demo`,
      url: `http://127.0.0.1:${STANDALONE_PORT}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${SERVER_MODE_PORT} --strictPort`,
      env: { DRONE_SERVER: `http://127.0.0.1:${STANDALONE_PORT}` },
      url: `http://127.0.0.1:${SERVER_MODE_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ];
}

export { STANDALONE_PORT };
