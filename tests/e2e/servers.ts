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
 * The hostile-data suite's standalone mock (the `hostile` scenario) and a console whose proxy
 * holds the admin's token for it, as `DRONE_TOKEN=... npm start` does (hostile-standalone.spec.ts
 * and the token test of security.server-mode.spec.ts).
 */
export const HOSTILE_CONSOLE = url(BASE + 3);
export const HOSTILE_SERVER = url(STANDALONE_BASE + 1);

/**
 * Issue 27: one production build, made with no build-time variable at all, behind each way of
 * deploying it (deploy/): the serve command, nginx and Caddy in front of one standalone mock, and
 * a second serve command, configured otherwise, in front of another server (the `empty`
 * scenario): the same dist/ serving two deployments (deploy.spec.ts).
 */
export const DEPLOY_SERVER = url(STANDALONE_BASE + 5);
export const OTHER_DEPLOY_SERVER = url(STANDALONE_BASE + 6);
export const FRONTS = {
  serve: url(BASE + 5),
  nginx: url(BASE + 6),
  caddy: url(BASE + 7),
} as const;
export const OTHER_DEPLOYMENT = url(BASE + 8);
/** The provider each deployment's config.json names (the sign-in page says it). */
export const DEPLOY_PROVIDER = 'Gogs';
export const OTHER_DEPLOY_PROVIDER = 'Gitea';

/**
 * A production build served by `vite preview`: a page loads a few minified chunks instead of
 * hundreds of modules transformed on demand (each through the mock's service worker), and there
 * is no cold start to wait for. Built once per run; the folder carries the port so checkouts
 * running at once do not share one. Every run starts its own servers: one left on a port would
 * serve an old build.
 */
export interface ConsoleBuild {
  name: 'mock' | 'server' | 'hostile' | 'deploy';
  url: string;
  /** Where the build goes, from the repository's root. */
  outDir: string;
  env: Record<string, string>;
}

const consoleBuild = (name: ConsoleBuild['name'], url: string, env: Record<string, string>) => ({
  name,
  url,
  outDir: `node_modules/.cache/e2e-${BASE}/${name}`,
  env,
});

/** The consoles the tests open; `mockOnly` leaves out the server-mode ones. */
export function consoleBuilds(mockOnly: boolean): ConsoleBuild[] {
  const mock = consoleBuild('mock', MOCK_CONSOLE, { DRONE_MOCK: 'true' });
  if (mockOnly) return [mock];
  return [
    mock,
    // `vite preview` proxies the server's routes to the standalone mock as the dev server would.
    // Card schemas on a loopback listener of any port (security.server-mode.spec.ts): a build
    // names where its schemas live (DRONE_CARD_HOSTS), else it allows https: hosts only.
    consoleBuild('server', SERVER_CONSOLE, {
      DRONE_SERVER: DEMO_SERVER,
      DRONE_MOCK: 'false',
      DRONE_CARD_HOSTS: 'http://127.0.0.1:*',
    }),
    consoleBuild('hostile', HOSTILE_CONSOLE, {
      DRONE_SERVER: HOSTILE_SERVER,
      DRONE_TOKEN: DEMO_TOKENS.admin,
      DRONE_MOCK: 'false',
      DRONE_CARD_HOSTS: 'http://127.0.0.1:*',
    }),
    // What `npm run build` makes: configured at start by each front (deploy.spec.ts).
    consoleBuild('deploy', FRONTS.serve, { DRONE_MOCK: 'false' }),
  ];
}

/** The command that builds one console (tests/e2e/build.ts runs it ahead of the tests). */
export const buildCommand = ({ outDir }: ConsoleBuild) =>
  `npx vite build --outDir ${outDir} --emptyOutDir --logLevel warn`;

/**
 * Playwright builds each console and serves it; with E2E_PREBUILT=1 the builds are there already
 * (`npm test` makes them with tests/e2e/build.ts while the unit tests run) and it only serves them.
 */
function servedConsole(build: ConsoleBuild, prebuilt: boolean) {
  const preview = `npx vite preview --outDir ${build.outDir} --host 127.0.0.1 --port ${new URL(build.url).port} --strictPort`;
  return {
    command: prebuilt ? preview : `${buildCommand(build)} && ${preview}`,
    env: build.env,
    url: build.url,
    // Building a console takes minutes on a loaded machine.
    timeout: 600_000,
  };
}

function standaloneMock(serverUrl: string, scenario: 'demo' | 'hostile' | 'empty') {
  return {
    command: `npx tsx mock-server/standalone.ts --port ${new URL(serverUrl).port} --scenario ${scenario}`,
    url: `${serverUrl}/healthz`,
    timeout: 120_000,
  };
}

/**
 * The deploy build behind one front (tests/e2e/front.ts for nginx and Caddy), started after its
 * server: each waits for the `Console: <url>` line both print once listening. Without
 * E2E_PREBUILT the first one builds it (Playwright starts its servers one after the other).
 */
function front(
  kind: keyof typeof FRONTS,
  consoleUrl: string,
  server: string,
  provider: string,
  build: ConsoleBuild,
  /** Build the console first (the first front of a run that is not prebuilt). */
  buildFirst: boolean,
) {
  const port = new URL(consoleUrl).port;
  const flags = `--port ${port} --server ${server} --dist ${build.outDir} --provider ${provider}`;
  const command =
    kind === 'serve'
      ? `npx tsx deploy/serve.ts ${flags}`
      : `npx tsx tests/e2e/front.ts ${kind} ${flags}`;
  return {
    command: buildFirst ? `${buildCommand(build)} && ${command}` : command,
    env: build.env,
    wait: { stdout: /Console: http/ },
    timeout: buildFirst ? 600_000 : 180_000,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  };
}

/** Playwright's `webServer` entries; `mockOnly` leaves out the server-mode ones. */
export function webServers(mockOnly: boolean, prebuilt = process.env.E2E_PREBUILT === '1') {
  const builds = consoleBuilds(mockOnly);
  const [mock, server, hostile] = builds.slice(0, 3).map((build) => servedConsole(build, prebuilt));
  if (mockOnly) return [mock!];
  const deploy = builds.find((build) => build.name === 'deploy')!;
  return [
    mock!,
    standaloneMock(DEMO_SERVER, 'demo'),
    server!,
    standaloneMock(HOSTILE_SERVER, 'hostile'),
    hostile!,
    standaloneMock(DEPLOY_SERVER, 'demo'),
    standaloneMock(OTHER_DEPLOY_SERVER, 'empty'),
    ...(['serve', 'nginx', 'caddy'] as const).map((kind) =>
      front(
        kind,
        FRONTS[kind],
        DEPLOY_SERVER,
        DEPLOY_PROVIDER,
        deploy,
        !prebuilt && kind === 'serve',
      ),
    ),
    front('serve', OTHER_DEPLOYMENT, OTHER_DEPLOY_SERVER, OTHER_DEPLOY_PROVIDER, deploy, false),
  ];
}

/**
 * The real-Drone suite (playwright.drone.config.ts): Drone and the stand-in SCM from
 * tests/drone/stack.ts on fixed ports, and the production build in front of Drone exactly as a
 * deployment serves it: the serve command (deploy/serve.ts), configured at start.
 */
export const REAL_DRONE = url(STANDALONE_BASE + 7);
export const REAL_DRONE_SCM = url(STANDALONE_BASE + 8);
export const REAL_DRONE_CONSOLE = url(BASE + 9);
/** nginx and Caddy from deploy/ in front of the same Drone (tests/drone/e2e/fronts.spec.ts). */
export const REAL_DRONE_FRONTS = { nginx: url(BASE + 10), caddy: url(BASE + 11) } as const;

/** Playwright's `webServer` entries of the real-Drone suite. */
export function realDroneServers(prebuilt = process.env.E2E_PREBUILT === '1') {
  const deploy = consoleBuilds(false).find((build) => build.name === 'deploy')!;
  return [
    {
      command: `npx tsx tests/drone/cli.ts --port ${new URL(REAL_DRONE).port} --scm-port ${new URL(REAL_DRONE_SCM).port}`,
      // 503 until Drone is seeded (tests/drone/scm/server.ts).
      url: `${REAL_DRONE_SCM}/_control/ready`,
      // A cold machine builds Drone first (tests/drone/build.ts): minutes.
      timeout: 600_000,
    },
    front('serve', REAL_DRONE_CONSOLE, REAL_DRONE, 'Gogs', deploy, !prebuilt),
    ...(['nginx', 'caddy'] as const).map((kind) =>
      front(kind, REAL_DRONE_FRONTS[kind], REAL_DRONE, 'Gogs', deploy, false),
    ),
  ];
}
