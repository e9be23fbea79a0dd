import { defineConfig } from '@playwright/test';
import { browserUse, loadedMachineLimits } from './playwright.config';
import { REAL_DRONE_CONSOLE, realDroneServers } from './tests/e2e/servers';

// The real-Drone suite (tests/drone/e2e): the production console in front of a real Drone server
// and runner (tests/drone/stack.ts). One Drone for the whole run: each test works on its own
// repository or names, so files may run side by side.
export default defineConfig({
  testDir: 'tests/drone/e2e',
  ...loadedMachineLimits,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: { ...browserUse, baseURL: REAL_DRONE_CONSOLE },
  webServer: realDroneServers(),
});
