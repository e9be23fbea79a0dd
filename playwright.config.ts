import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/chromium';
import { MOCK_CONSOLE, SERVER_CONSOLE, webServers } from './tests/e2e/servers';

// E2E_MOCK_ONLY=1 skips the server-mode servers; tests/e2e/servers.ts has the ports and builds.
const mockOnly = process.env.E2E_MOCK_ONLY === '1';

/** What every end-to-end run's browser is like (playwright.drone.config.ts too). */
export const browserUse: PlaywrightTestConfig['use'] = {
  browserName: 'chromium',
  // The console follows the browser's language (issue 19): every test speaks English unless it
  // asks for another locale, whatever the machine's own.
  locale: 'en-US',
  launchOptions: chromiumLaunchOptions,
  permissions: ['clipboard-read', 'clipboard-write'],
  // No trace by default: recording one (screencast frames and DOM snapshots at every action)
  // made the whole run about 40% longer on two cores, for files CI never keeps. Rerun a failing
  // test with `--trace on` to get one.
  trace: 'off',
  screenshot: 'only-on-failure',
};

/**
 * Limits for a loaded 2-core CI machine (issue 33 item 8), set once for both configurations: a
 * spec names a longer one only for work that is long by design. An assertion waits up to a first
 * page load or a step running through; a test, up to several of those.
 */
export const loadedMachineLimits = { timeout: 180_000, expect: { timeout: 60_000 } };

export default defineConfig({
  testDir: 'tests/e2e',
  ...loadedMachineLimits,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: browserUse,
  projects: [
    {
      name: 'mock',
      testIgnore:
        /server-mode\.spec\.ts|server-triage\.spec\.ts|standalone\.spec\.ts|deploy\.spec\.ts/,
      use: { baseURL: MOCK_CONSOLE },
    },
    {
      name: 'server',
      testMatch: /server-mode\.spec\.ts|server-triage\.spec\.ts|standalone\.spec\.ts/,
      use: { baseURL: SERVER_CONSOLE },
    },
    // The production build behind the serve command, nginx and Caddy (each test names its front).
    { name: 'deploy', testMatch: /deploy\.spec\.ts/ },
  ],
  webServer: webServers(mockOnly),
});
