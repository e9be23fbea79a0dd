// The mock Drone server on a real port, for curl, the drone CLI, another web UI or the console in
// server mode:  npm run mock-server -- --port 8080 --scenario demo [--faults '<spec>']
// [--session-secret <secret>]
import { pathToFileURL } from 'node:url';
import { serveHandlers } from './bridge';
import { setFaults } from './faults';
import { handlers } from './handlers';
import { keepGeneratedLogs } from './logstore';
import { runtime } from './runtime';
import { fixtureUsers, loadScenario } from './scenario';
import { setSessionSecret } from './session';

export type ScenarioName = 'demo' | 'empty' | 'bench' | 'hostile';
const SCENARIOS: readonly ScenarioName[] = ['demo', 'empty', 'bench', 'hostile'];

export interface StandaloneOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  scenario?: ScenarioName;
  /** Fault injection spec (mock-server/faults.ts); none by default. */
  faults?: string;
  /** Signs the session cookies; random per start by default, so a restart signs everyone out. */
  sessionSecret?: string;
}

export interface Standalone {
  url: string;
  close(): Promise<void>;
}

/** Loads the scenario (resetting the database) and serves every handler on 127.0.0.1. */
export async function startStandalone(options: StandaloneOptions): Promise<Standalone> {
  loadScenario(options.scenario ?? 'demo');
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

/** `--name value` or `--name=value`. */
function argument(args: readonly string[], name: string): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === `--${name}`) return args[i + 1];
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

async function main(args: readonly string[]): Promise<void> {
  const port = Number(argument(args, 'port') ?? 8080);
  const scenario = (argument(args, 'scenario') ?? 'demo') as ScenarioName;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`bad --port ${port}`);
  if (!SCENARIOS.includes(scenario)) throw new Error(`unknown --scenario ${scenario}`);
  const faults = argument(args, 'faults');
  const sessionSecret = argument(args, 'session-secret');
  const server = await startStandalone({ port, scenario, faults, sessionSecret });
  if (faults) console.info(`faults on: ${faults}`);
  for (const user of fixtureUsers()) {
    console.info(`user ${user.login} ${user.kind} token=${user.token}`);
  }
  console.info(`mock Drone server (${scenario}) listening on ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
