// The opening side by side with Drone's own UI (issue 32: "level with drone-ui's on a 10k-line
// step"), on a real Drone: the stack the real-Drone tests start (tests/drone/stack.ts), a build
// whose steps print 10,000 and 100,000 lines, opened in the UI Drone serves at its own origin and
// in this console served in front of the same Drone (deploy/serve.ts), with the bare page beside;
// loads interleaved, each in a fresh browser context. Drone 1.10.1 is the newest Drone the Go
// module proxy serves (tests/drone/go/server/go.mod), so its UI is drone-ui of November 2020
// (Vue). drone-ui 2.x, which issue 32 measured by hand, is served by neither that proxy nor npm.
import type { Browser } from '@playwright/test';
import { DRONE_TOKENS, waitForBuild } from '../tests/drone/seed';
import { startDroneStack } from '../tests/drone/stack';
import { openInterleaved, reportOpening, type OpeningTarget } from './opening';
import { addBarePage, serveDeployed, stopServer } from './server';

const REPO = 'acme/slow';
/** The steps opened, in the pipeline's order (step 1, step 2). */
const STEPS = [10_000, 100_000];

/** Exec steps printing the lines (tests/drone/scm/pipelines.ts writes the tests' pipelines). */
const PIPELINE = `kind: pipeline
type: exec
name: bench
clone:
  disable: true
platform:
  os: linux
  arch: amd64
steps:
${STEPS.map((lines) => `- name: lines-${lines}\n  commands:\n  - seq 1 ${lines} | sed 's/^/bench line /'\n`).join('')}`;

/** drone-ui's log lines (src/views/Build.vue: a table of pos, text and time). */
const rows = '.output-lines tr';

export async function droneUiBench(options: {
  browser: Browser;
  /** The console's production build (bench/results/dist-http). */
  bundle: string;
  port: number;
  runs: number;
  report: (label: string, value: string) => void;
  section: (title: string) => void;
  load: () => string;
}): Promise<void> {
  const { browser, bundle, port, runs, report, section, load } = options;
  const stack = await startDroneStack({ log: () => undefined });
  try {
    await stack.scm.push(REPO, {
      message: 'Print many lines',
      files: { '.drone.yml': PIPELINE },
    });
    await waitForBuild(stack.url, REPO, 1, ['success']);
    addBarePage(bundle);
    const front = await serveDeployed(port, bundle, stack.url, DRONE_TOKENS.admin);
    try {
      // drone-ui's session: Drone's sign-in form, as a person signs in.
      const signIn = await browser.newContext();
      await signIn.request.post(`${stack.url}/login`, {
        form: { username: 'admin', password: 'admin' },
        maxRedirects: 0,
      });
      const storageState = await signIn.storageState();
      await signIn.close();
      const console = `http://127.0.0.1:${port}`;
      for (const [index, lines] of STEPS.entries()) {
        const step = `1/${index + 1}`;
        const where = { repoPath: `/api/repos/${REPO}`, build: 1, logPath: `/logs/${step}` };
        const log = encodeURIComponent(`/api/repos/${REPO}/builds/1/logs/${step}`);
        const targets: OpeningTarget[] = [
          { ...where, url: `${console}/${REPO}/1/${step}` },
          { ...where, url: `${console}/bench-floor.html#log=${log}`, bare: true },
          // No 'parsed' mark nor room kept above the lines: its figures as the bare page's.
          { ...where, url: `${stack.url}/${REPO}/1/${step}`, bare: true, rows, storageState },
        ];
        const loadBefore = load();
        const [figures, floor, droneUi] = await openInterleaved(browser, targets, runs);
        const count = lines.toLocaleString('en');
        section(`real Drone 1.10.1: ${count}-line step beside Drone's own UI (median of ${runs})`);
        report('  load averages before / after', `${loadBefore} / ${load()}`);
        reportOpening(report, figures!, floor, droneUi, "Drone's UI");
      }
    } finally {
      stopServer(front);
    }
  } finally {
    await stack.close();
  }
}
