// The mock Drone server in the browser (docs/architecture.md 5): a service worker over the same handlers as
// the Node tests and the standalone server. The database survives F5 through a snapshot in
// sessionStorage; `?scenario=` picks the data set, `?reset=1` starts it over, `?faults=`
// turns on fault injection for the session (`?faults=off` ends it; syntax in faults.ts) and
// `?speed=N` runs pipelines N times faster for the session (`?speed=1` a realistic pace again).
import { setupWorker } from 'msw/browser';
import { takeLogBodies } from '../src/api/readStoredLog';
import { db } from './db';
import { firedFaults, setFaults } from './faults';
import { generatedLogSource } from './generated';
import { handlers } from './handlers';
import generatorUrl from './logGenerator.worker.ts?worker&url';
import { nameGeneratedLogs } from './logstore';
import { loadScenario, restoreDb, scenarioNames, snapshotDb, type ScenarioName } from './scenario';

const SCENARIO_KEY = 'drone-mock:scenario';
const FAULTS_KEY = 'drone-mock:faults';
const SPEED_KEY = 'drone-mock:speed';
const snapshotKey = (scenario: ScenarioName) => `drone-mock:db:${scenario}`;
/** Writes after a burst of requests are coalesced into one snapshot. */
const SAVE_DELAY_MS = 300;

let active: ScenarioName = 'demo';
let speed = 1;
let saveTimer: ReturnType<typeof setTimeout> | undefined;

function chooseScenario(query: URLSearchParams): ScenarioName {
  const wanted = query.get('scenario') ?? sessionStorage.getItem(SCENARIO_KEY) ?? 'demo';
  return scenarioNames.includes(wanted as ScenarioName) ? (wanted as ScenarioName) : 'demo';
}

/** `?speed=` wins over the session's remembered pace; anything but 1 to 100 is a realistic pace. */
function chooseSpeed(query: URLSearchParams): number {
  const wanted = Number(query.get('speed') ?? sessionStorage.getItem(SPEED_KEY) ?? 1);
  const pace = Number.isInteger(wanted) && wanted >= 1 && wanted <= 100 ? wanted : 1;
  if (pace === 1) sessionStorage.removeItem(SPEED_KEY);
  else sessionStorage.setItem(SPEED_KEY, String(pace));
  return pace;
}

function save(): void {
  clearTimeout(saveTimer);
  try {
    sessionStorage.setItem(snapshotKey(active), snapshotDb());
  } catch (error) {
    // A full storage quota only costs persistence across reloads, not the session.
    console.warn('mock server: cannot save the database snapshot', error);
  }
}

function scheduleSave(): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(save, SAVE_DELAY_MS);
}

/** Restores this scenario's snapshot; false when there is none or it cannot be read. */
function restore(scenario: ScenarioName): boolean {
  const snapshot = sessionStorage.getItem(snapshotKey(scenario));
  if (!snapshot) return false;
  try {
    restoreDb(snapshot, { speed });
    return true;
  } catch (error) {
    console.warn('mock server: discarding an unreadable snapshot', error);
    return false;
  }
}

/**
 * A fresh visitor starts signed in as the system administrator. The sign-in goes through the mock's
 * own POST /login, so msw stores the `_session_` cookie in its cookie jar (kept in localStorage)
 * and sends it with every later request, and /logout clears it like a real cookie.
 */
async function signInAsAdmin(): Promise<void> {
  const admin = db.user.findFirst({
    where: { admin: { equals: true }, machine: { equals: false }, active: { equals: true } },
  });
  if (!admin?.password) return;
  await fetch('/login', {
    method: 'POST',
    body: new URLSearchParams({ username: admin.login, password: admin.password }),
    credentials: 'include',
    redirect: 'manual',
  });
}

async function loadFresh(): Promise<void> {
  loadScenario(active, { speed });
  await signInAsAdmin();
  save();
}

/** `?faults=` wins over the session's remembered spec; a bad spec is reported and ignored. */
function chooseFaults(query: URLSearchParams): void {
  const wanted = query.get('faults') ?? sessionStorage.getItem(FAULTS_KEY) ?? '';
  try {
    const plan = setFaults(wanted);
    if (plan) sessionStorage.setItem(FAULTS_KEY, wanted);
    else sessionStorage.removeItem(FAULTS_KEY);
    if (plan) console.info(`mock server: faults on: ${wanted}`);
  } catch (error) {
    sessionStorage.removeItem(FAULTS_KEY);
    console.warn('mock server: faults off:', error instanceof Error ? error.message : error);
  }
}

/** For the browser console and end-to-end tests: change the faults without a reload. */
function exposeControls(): void {
  Object.assign(window, {
    droneMock: {
      setFaults(spec: string | null) {
        chooseFaults(new URLSearchParams({ faults: spec ?? '' }));
      },
      firedFaults,
    },
  });
}

/**
 * msw's worker unregisters itself when the page it served closes (before the next page is its
 * client), and the next page's msw registers it again. When the worker does so late, as on a busy
 * machine, msw has already found the registration and calls `update()` on it without awaiting it
 * (msw/src/browser/utils/get-worker-instance.ts): "Failed to update a ServiceWorker ...: Not
 * found", an uncaught error. The page keeps its worker and works either way (the next page
 * registers anew), so the failed update is handled here, for msw's start only.
 */
async function withWorkerUpdatesHandled(start: () => Promise<unknown>): Promise<void> {
  const update = ServiceWorkerRegistration.prototype.update;
  ServiceWorkerRegistration.prototype.update = function (this: ServiceWorkerRegistration) {
    const updating = update.call(this);
    updating.catch(() => undefined);
    return updating;
  };
  try {
    await start();
  } finally {
    ServiceWorkerRegistration.prototype.update = update;
  }
}

/** Starts the worker; resolves once it intercepts requests. Call before rendering the app. */
export async function startMockWorker(): Promise<void> {
  const query = new URLSearchParams(window.location.search);
  active = chooseScenario(query);
  sessionStorage.setItem(SCENARIO_KEY, active);
  chooseFaults(query);
  speed = chooseSpeed(query);
  exposeControls();
  const reset = query.get('reset') === '1';
  const fresh = reset || !restore(active);
  if (fresh) loadScenario(active, { speed });

  // A generated log (the benchmark's million lines) is answered with its name only: the
  // console's log worker reads its bytes from the generator's worker, a chunk ahead of its
  // parsing, rather than 128 MB through the service worker.
  nameGeneratedLogs();
  takeLogBodies((response) => generatedLogSource(response, generatorUrl));
  const worker = setupWorker(...handlers);
  worker.events.on('request:end', ({ request }) => {
    if (request.method !== 'GET') scheduleSave();
  });
  // Builds keep running between requests; keep what they did when the page goes away.
  window.addEventListener('pagehide', save);
  await withWorkerUpdatesHandled(() =>
    worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      serviceWorker: { url: '/mockServiceWorker.js' },
    }),
  );

  if (fresh) {
    await signInAsAdmin();
    save();
  }
  if (query.has('reset')) {
    query.delete('reset');
    const search = query.toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
    window.history.replaceState(window.history.state, '', url);
  }
}

/** Reloads the current scenario from scratch (what `?reset=1` does at start-up). */
export async function resetMockData(): Promise<void> {
  sessionStorage.removeItem(snapshotKey(active));
  await loadFresh();
}
