import { DEMO_TOKENS } from '../../fixtures/demo/users';

// The servers of the hostile-data suite (hostile-standalone.spec.ts): a standalone mock Drone
// server on the `hostile` scenario (next to the demo one, E2E_STANDALONE_PORT + 1) and a console
// in server mode on it (E2E_PORT + 3; + 1 is the demo's server-mode console, + 2 is left for
// looking at screens), signed in by the admin's token as `DRONE_TOKEN=... npm start` is.

const STANDALONE_PORT = Number(process.env.E2E_STANDALONE_PORT ?? 18190) + 1;
const CONSOLE_PORT = Number(process.env.E2E_PORT ?? 5173) + 3;

export const HOSTILE_SERVER = `http://127.0.0.1:${STANDALONE_PORT}`;
export const HOSTILE_CONSOLE = `http://127.0.0.1:${CONSOLE_PORT}`;

/** Playwright `webServer` entries for the two. */
export function hostileServers() {
  return [
    {
      command: `npx tsx mock-server/standalone.ts --port ${STANDALONE_PORT} --scenario hostile`,
      url: `${HOSTILE_SERVER}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
    {
      command: `npx vite --host 127.0.0.1 --port ${CONSOLE_PORT} --strictPort`,
      env: { DRONE_SERVER: HOSTILE_SERVER, DRONE_TOKEN: DEMO_TOKENS.admin },
      url: HOSTILE_CONSOLE,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
    },
  ];
}
