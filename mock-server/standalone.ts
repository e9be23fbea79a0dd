// The mock Drone server on a real port, for curl, the drone CLI, another web UI or the console in
// server mode: `npm run mock-server -- --help` prints the options (USAGE below).
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { serveHandlers } from './bridge';
import { parseFaults, setFaults } from './faults';
import { handlers } from './handlers';
import { keepGeneratedLogs } from './logstore';
import { runtime } from './runtime';
import { fixtureUsers, loadScenario, scenarioNames, type ScenarioName } from './scenario';
import { setSessionSecret } from './session';

export interface StandaloneOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  scenario?: ScenarioName;
  /** Pipelines run this many times faster (1, the default, is a realistic demo). */
  speed?: number;
  /** Fault injection spec (mock-server/faults.ts); none by default. */
  faults?: string;
  /** Signs session cookies; a random one per start when absent (sessions end at a restart). */
  sessionSecret?: string;
}

export interface Standalone {
  url: string;
  close(): Promise<void>;
}

/** Loads the scenario (resetting the database) and serves every handler (on 127.0.0.1 by default). */
export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  loadScenario(options.scenario ?? 'demo', { speed: options.speed });
  if (options.sessionSecret) setSessionSecret(options.sessionSecret);
  setFaults(options.faults ?? null);
  keepGeneratedLogs();
  const running = await serveHandlers(handlers, { port: options.port, host: options.host });
  return {
    url: running.url,
    close: async () => {
      // The engine's timers would otherwise keep the process (or a test worker) busy.
      runtime().engine.dispose();
      setFaults(null);
      await running.close();
    },
  };
}

export const USAGE = `Usage: npm run mock-server -- [options]

The mock Drone server over HTTP: the console's API, event streams and sign-in pages.

Options:
  --port N         port to listen on (default 8080; 0 picks a free one)
  --host ADDRESS   interface to bind (default 127.0.0.1; 0.0.0.0 in a container)
  --scenario NAME  data set: ${scenarioNames.join(', ')} (default demo)
  --speed N        run pipelines N times faster, 1 to 100 (default 1: 2-8 s steps)
  --faults SPEC    inject faults on /api routes (README: Fault injection)
  --seed N         seed of the faults' random draws (default: the spec's hash;
                   a seed=N inside the spec wins)
  --session-secret SECRET
                   sign session cookies with SECRET, so sessions survive a
                   restart (default: a random secret per start)
  -h, --help       print this help`;

export type CommandLine = { help: true } | { help: false; options: StandaloneOptions };

/** Reads the command line strictly: an unknown option or a bad value throws, naming it. */
export function parseCommandLine(args: readonly string[]): CommandLine {
  const { values } = parseArgs({
    args: [...args],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      scenario: { type: 'string', default: 'demo' },
      speed: { type: 'string', default: '1' },
      faults: { type: 'string' },
      seed: { type: 'string' },
      'session-secret': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true };
  const port = wholeNumber('--port', values.port);
  if (port > 65535) throw new Error(`--port ${values.port}: not a port (0-65535)`);
  if (!values.host) throw new Error('--host: give an address such as 127.0.0.1 or 0.0.0.0');
  const scenario = scenarioNames.find((name) => name === values.scenario);
  if (!scenario) {
    throw new Error(`--scenario ${values.scenario}: unknown (one of ${scenarioNames.join(', ')})`);
  }
  const speed = wholeNumber('--speed', values.speed);
  if (speed < 1 || speed > 100) throw new Error(`--speed ${values.speed}: not from 1 to 100`);
  return {
    help: false,
    options: {
      port,
      host: values.host,
      scenario,
      speed,
      faults: faultSpec(values.faults, values.seed),
      sessionSecret: values['session-secret'],
    },
  };
}

function wholeNumber(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw new Error(`${name} ${value}: not a whole number`);
  return Number(value);
}

/** The spec with --seed in front (a seed= later in the spec wins), checked before start-up. */
function faultSpec(faults: string | undefined, seed: string | undefined): string | undefined {
  if (seed !== undefined) wholeNumber('--seed', seed);
  if (faults === undefined) {
    if (seed !== undefined)
      throw new Error('--seed: only the fault rules are random; add --faults');
    return undefined;
  }
  const spec = seed === undefined ? faults : `seed=${seed},${faults}`;
  try {
    parseFaults(spec);
  } catch (error) {
    throw new Error(`--faults: ${error instanceof Error ? error.message : String(error)}`);
  }
  return spec;
}

/** What to tell the user at start-up: where the API is, and the accounts to call it with. */
export function startupMessage(url: string, options: StandaloneOptions): string {
  const wildcard = options.host === '0.0.0.0' || options.host === '::';
  const base = wildcard ? url.replace(`//${options.host}:`, '//127.0.0.1:') : url;
  const users = fixtureUsers();
  const width = (values: string[]) => Math.max(...values.map((value) => value.length));
  const loginWidth = width(['login', ...users.map((user) => user.login)]);
  const kindWidth = width(['kind', ...users.map((user) => user.kind)]);
  const row = (login: string, kind: string, token: string) =>
    `  ${login.padEnd(loginWidth)}  ${kind.padEnd(kindWidth)}  ${token}`;
  return [
    `Mock Drone server, scenario ${options.scenario ?? 'demo'}${wildcard ? `, on every interface (${options.host})` : ''}`,
    `  API base URL: ${base}   (DRONE_SERVER=${base}; the API is under /api)`,
    ...(options.faults ? [`  faults: ${options.faults}`] : []),
    '',
    row('login', 'kind', 'token (Authorization: Bearer <token>)'),
    ...users.map((user) => row(user.login, user.kind, user.token)),
  ].join('\n');
}

async function main(args: readonly string[]): Promise<void> {
  let commandLine: CommandLine;
  try {
    commandLine = parseCommandLine(args);
  } catch (error) {
    console.error(`mock-server: ${error instanceof Error ? error.message : String(error)}`);
    console.error('Run `npm run mock-server -- --help` for the options.');
    process.exit(2);
  }
  if (commandLine.help) {
    console.info(USAGE);
    return;
  }
  const server = await startStandalone(commandLine.options);
  console.info(startupMessage(server.url, commandLine.options));
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`mock-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
