import { DEMO_TOKENS } from '../../fixtures/demo/users';

// Every server the end-to-end tests use, on ports from two bases so several checkouts can run
// the suite at once: E2E_PORT (default 5190, beside `npm start`) for the consoles and
// E2E_STANDALONE_PORT (default 18190) for the standalone mock servers.
const BASE = Number(process.env.E2E_PORT ?? 5190);
const STANDALONE_BASE = Number(process.env.E2E_STANDALONE_PORT ?? 18190);

const url = (port: number) => `http://127.0.0.1:${port}`;

/** The console on its embedded mock (a service worker), as `npm start` runs it. */
export const MOCK_CONSOLE = url(BASE);
/** The console built for a Drone server (no token), and the standalone mock it talks to. */
export const SERVER_CONSOLE = url(BASE + 1);
export const DEMO_SERVER = url(STANDALONE_BASE);
/**
 * The hostile-data suite's standalone mock (the `hostile` scenario) and a console built with
 * the admin's token for it, as `DRONE_TOKEN=... npm start` is (hostile-standalone.spec.ts and
 * the token test of security.server-mode.spec.ts).
 */
export const HOSTILE_CONSOLE = url(BASE + 3);
export const HOSTILE_SERVER = url(STANDALONE_BASE + 1);

/**
 * A production build served by `vite preview`: a page loads a few minified chunks instead of
 * hundreds of modules transformed on demand (each through the mock's service worker), and there
 * is no cold start to wait for. Built once per run; the folder carries the port so checkouts
 * running at once do not share one. Every run starts its own servers: one left on a port would
 * serve an old build.
 */
function builtConsole(name: string, consoleUrl: string, env: Record<string, string>) {
  const outDir = `node_modules/.cache/e2e-${BASE}/${name}`;
  const port = new URL(consoleUrl).port;
  return {
    command:
      `npx vite build --outDir ${outDir} --emptyOutDir --logLevel warn && ` +
      `npx vite preview --outDir ${outDir} --host 127.0.0.1 --port ${port} --strictPort`,
    env,
    url: consoleUrl,
    timeout: 180_000,
  };
}

function standaloneMock(serverUrl: string, scenario: 'demo' | 'hostile') {
  return {
    command: `npx tsx mock-server/standalone.ts --port ${new URL(serverUrl).port} --scenario ${scenario}`,
    url: `${serverUrl}/healthz`,
    timeout: 120_000,
  };
}

/** Playwright's `webServer` entries; `mockOnly` leaves out the server-mode ones. */
export function webServers(mockOnly: boolean) {
  const mock = builtConsole('mock', MOCK_CONSOLE, { DRONE_MOCK: 'true' });
  if (mockOnly) return [mock];
  return [
    mock,
    standaloneMock(DEMO_SERVER, 'demo'),
    // `vite preview` proxies the server's routes to the standalone mock as the dev server would.
    // Card schemas on a loopback listener of any port (security.server-mode.spec.ts): a build
    // names where its schemas live (DRONE_CARD_HOSTS), else it allows https: hosts only.
    builtConsole('server', SERVER_CONSOLE, {
      DRONE_SERVER: DEMO_SERVER,
      DRONE_MOCK: 'false',
      DRONE_CARD_HOSTS: 'http://127.0.0.1:*',
    }),
    standaloneMock(HOSTILE_SERVER, 'hostile'),
    builtConsole('hostile', HOSTILE_CONSOLE, {
      DRONE_SERVER: HOSTILE_SERVER,
      DRONE_TOKEN: DEMO_TOKENS.admin,
      DRONE_MOCK: 'false',
      DRONE_CARD_HOSTS: 'http://127.0.0.1:*',
    }),
  ];
}
