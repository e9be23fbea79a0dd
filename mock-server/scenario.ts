// Loading, saving and restoring the mock server's data: a scenario seeds the database and starts
// the runtime (clock, event bus, live logs, engine); a snapshot is every table as JSON so the
// browser can keep the database across reloads, after which the engine resumes unfinished builds.
import { seedBench } from '../fixtures/bench';
import { seedDemo } from '../fixtures/demo';
import { DEMO_KIND_LOGINS, demoUsers } from '../fixtures/demo/users';
import { seedEmpty } from '../fixtures/empty';
import { seedHostile } from '../fixtures/hostile';
import { fixtureCatalog } from '../fixtures/pipelines';
import type { FixtureUser } from '../fixtures/seed';
import { realClock, type Clock } from './clock';
import { db, resetDb, resetIds, type ModelName } from './db';
import { createEngine } from './engine';
import { setRuntime } from './runtime';
import { randomSecret, sessionSecret, setSessionSecret } from './session';
import { createEventBus, createLiveLogs } from './streams';

export type ScenarioName = 'demo' | 'empty' | 'bench' | 'hostile';
export const scenarioNames: readonly ScenarioName[] = ['demo', 'empty', 'bench', 'hostile'];

const seeders: Record<ScenarioName, (baseMs: number) => FixtureUser[]> = {
  demo: seedDemo,
  empty: seedEmpty,
  bench: seedBench,
  hostile: seedHostile,
};

let current: { name: ScenarioName; users: FixtureUser[] } | undefined;

/** How a scenario runs: its clock, and the engine's pace (1 a realistic demo, 4 four times faster). */
export interface RunOptions {
  clock?: Clock;
  speed?: number;
}

/** Installs a fresh runtime over the current database and resumes its unfinished builds. */
function start(name: ScenarioName, users: FixtureUser[], options: RunOptions): void {
  const clock = options.clock ?? realClock;
  const bus = createEventBus();
  const logs = createLiveLogs();
  const engine = createEngine({
    clock,
    bus,
    logs,
    pipelines: fixtureCatalog,
    speed: options.speed,
  });
  setRuntime({ clock, engine, bus, logs });
  current = { name, users };
  engine.resume();
}

/**
 * Resets the database and seeds a scenario. Its base time is the clock's "now" (whole seconds):
 * the history ends there, and the builds meant to be in flight keep running on this clock.
 */
export function loadScenario(name: ScenarioName, options: RunOptions = {}): void {
  const clock = options.clock ?? realClock;
  const seed = seeders[name];
  if (!seed) throw new Error(`unknown scenario ${String(name)}`);
  resetDb();
  // A new database signs its sessions with a new secret: no cookie of another one is valid.
  setSessionSecret(randomSecret());
  const users = seed(Math.floor(clock.now() / 1000) * 1000);
  start(name, users, options);
}

/** The accounts of the loaded scenario, one per kind (demo's when nothing is loaded yet). */
export function fixtureUsers(): FixtureUser[] {
  if (current) return current.users.map((user) => ({ ...user }));
  return demoUsers(0)
    .filter((seed) => DEMO_KIND_LOGINS.includes(seed.login))
    .map(({ login, kind, token }) => ({ login, kind, token }));
}

interface Snapshot {
  format: 1;
  scenario: ScenarioName;
  users: FixtureUser[];
  /** So the sessions of a browser demo survive a reload (the cookies outlive the page). */
  sessionSecret: string;
  nextId: number;
  tables: Partial<Record<ModelName, unknown[]>>;
}

const models = () => Object.keys(db) as ModelName[];

/** A model's rows through a loosened type: the tables differ, the operations do not. */
const table = (name: ModelName) =>
  db[name] as unknown as { getAll(): Array<{ id: number }>; create(row: unknown): unknown };

/** Every table as JSON, with the next id and the scenario (for fixtureUsers and resume). */
export function snapshotDb(): string {
  const tables: Snapshot['tables'] = {};
  let maxId = 0;
  for (const name of models()) {
    const rows = table(name).getAll();
    for (const row of rows) maxId = Math.max(maxId, row.id);
    tables[name] = rows;
  }
  const snapshot: Snapshot = {
    format: 1,
    scenario: current?.name ?? 'demo',
    users: current?.users ?? fixtureUsers(),
    sessionSecret: sessionSecret(),
    nextId: maxId + 1,
    tables,
  };
  return JSON.stringify(snapshot);
}

/** Replaces the database with a snapshot, then resumes its unfinished builds on the clock. */
export function restoreDb(snapshot: string, options: RunOptions = {}): void {
  const data = JSON.parse(snapshot) as Partial<Snapshot>;
  if (data.format !== 1 || !data.tables || !scenarioNames.includes(data.scenario!)) {
    throw new Error('not a mock server snapshot');
  }
  resetDb();
  for (const name of models()) {
    for (const row of data.tables[name] ?? []) table(name).create(row);
  }
  resetIds(data.nextId ?? 1);
  setSessionSecret(data.sessionSecret || randomSecret());
  start(data.scenario!, data.users ?? [], options);
}
