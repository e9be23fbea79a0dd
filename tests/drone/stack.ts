// Starts a real Drone: the stand-in SCM, Drone's server (sqlite in a temporary folder, the admin
// created through Drone's own bootstrap setting DRONE_USER_CREATE with a known token) and the
// exec runner, all on free loopback ports; seeds it (tests/drone/seed.ts); stops it all.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { droneBinaries } from './build';
import { startScm, type StandInScm } from './scm/server';
import { DRONE_TOKENS, seedDrone } from './seed';

export interface DroneStack {
  /** Drone's own origin. */
  url: string;
  scm: StandInScm;
  /** Where Drone's and the runner's logs and the sqlite database are. */
  folder: string;
  close(): Promise<void>;
}

export interface StackOptions {
  /** Drone's port; a free one when 0 or absent. */
  port?: number;
  /** The stand-in SCM's port; a free one when 0 or absent. */
  scmPort?: number;
  /** Seed users, repositories and builds (default true). */
  seed?: boolean;
  log?: (line: string) => void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Runs a binary under a bash that holds our end of a pipe: when this process ends, however it
 * ends, the pipe closes and bash stops the binary (killed after 5 s: the runner may hang on its
 * long poll), so no Drone outlives a killed test run.
 */
const GUARD =
  'exec 3<&0; "$@" <&- & child=$!; ' +
  '(cat <&3 >/dev/null; kill $child; sleep 5; kill -9 $child 2>/dev/null) & wait $child';

function startProcess(binary: string, args: string[], env: Record<string, string>, log: string) {
  const child = spawn('bash', ['-c', GUARD, 'drone-stack', binary, ...args], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env },
    cwd: env.STACK_FOLDER,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const file = createWriteStream(log);
  child.stdout.pipe(file);
  child.stderr.pipe(file);
  return child;
}

async function waitForHealth(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const tail = readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  throw new Error(`Drone did not start at ${url} (log ${logFile}):\n${tail}`);
}

const stopProcess = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.stdin?.end();
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });

export async function startDroneStack(options: StackOptions = {}): Promise<DroneStack> {
  const log = options.log ?? console.info;
  const binaries = droneBinaries(log);
  const folder = mkdtempSync(join(tmpdir(), 'drone-stack-'));
  const scm = await startScm(options.scmPort);
  const port = options.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const rpcSecret = randomBytes(16).toString('hex');
  const server = startProcess(
    binaries.server,
    [],
    {
      STACK_FOLDER: folder,
      DRONE_GOGS_SERVER: scm.url,
      DRONE_SERVER_HOST: `127.0.0.1:${port}`,
      DRONE_SERVER_PROTO: 'http',
      DRONE_SERVER_PORT: `127.0.0.1:${port}`,
      DRONE_RPC_SECRET: rpcSecret,
      DRONE_COOKIE_SECRET: randomBytes(16).toString('hex'),
      DRONE_DATABASE_DRIVER: 'sqlite3',
      DRONE_DATABASE_DATASOURCE: join(folder, 'drone.sqlite'),
      DRONE_USER_CREATE: `username:admin,admin:true,token:${DRONE_TOKENS.admin}`,
      DRONE_DATADOG_ENABLED: 'false',
      DRONE_LOGS_DEBUG: 'true',
      // Cron jobs are checked every 30 minutes by default; a test that runs one waits less.
      DRONE_CRON_INTERVAL: '10s',
    },
    join(folder, 'drone.log'),
  );
  const runner = startProcess(
    binaries.runner,
    ['daemon', join(folder, 'runner.env')],
    {
      STACK_FOLDER: folder,
      DRONE_RPC_PROTO: 'http',
      DRONE_RPC_HOST: `127.0.0.1:${port}`,
      DRONE_RPC_SECRET: rpcSecret,
      DRONE_RUNNER_NAME: 'console-tests',
      DRONE_RUNNER_CAPACITY: '4',
      DRONE_RUNNER_ROOT: join(folder, 'workspaces'),
      DRONE_HTTP_BIND: `127.0.0.1:${await freePort()}`,
      DRONE_UI_DISABLE: 'true',
    },
    join(folder, 'runner.log'),
  );
  const close = async () => {
    await Promise.all([stopProcess(runner), stopProcess(server)]);
    await scm.close();
    if (!process.env.DRONE_KEEP_FOLDER) rmSync(folder, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, server, join(folder, 'drone.log'));
    if (options.seed !== false) await seedDrone(url, scm, log);
    scm.ready = true;
  } catch (error) {
    await close();
    throw error;
  }
  return { url, scm, folder, close };
}
