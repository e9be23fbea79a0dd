// Issue 30 item 6: two 50,000-line logs diffed in the log diff's worker (src/logs/logDiff.worker.ts,
// as the production build emits it), in Chromium: from posting both logs to the answer, the median
// of RUNS. Each run of a log prints its own times, durations, temporary paths and ids on every
// line (masked before the diff); the cases differ by what else changed.
import type { Browser } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const LINES = 50_000;

interface Case {
  name: string;
  /** Lines of the failed log replaced by new ones, spread evenly. */
  changed: number;
  /** The failed log stops after this share of the green one's lines. */
  kept: number;
}

const CASES: Case[] = [
  { name: '40 lines changed', changed: 40, kept: 1 },
  { name: '500 lines changed (1%)', changed: 500, kept: 1 },
  { name: 'failed log stopped at 60%', changed: 10, kept: 0.6 },
];

/** Runs in the page: both logs, then the worker's time from post to answer. */
async function diffInPage(args: {
  worker: string;
  lines: number;
  changed: number;
  kept: number;
}): Promise<{ ms: number; added: number; removed: number }> {
  const hex = (n: number) => ((n * 2654435761) >>> 0).toString(16).padStart(8, '0');
  const log = (run: number, lines: number, changed: number) =>
    Array.from({ length: lines }, (_, k) => {
      if (changed && k % Math.floor(lines / changed) === 7) return `Error: check ${k} failed\n`;
      const time = new Date(1_700_000_000_000 + run * 86_400_000 + k * 37).toISOString();
      const ms = ((k * 7 + run * 13) % 900) + 1;
      return k % 10 === 0
        ? `--- PASS: TestCase${k} (0.${String(ms).padStart(3, '0')}s)\n`
        : `${time} [worker-${k % 8}] batch ${k} done in ${ms}ms at /tmp/run-${hex(run)}/part-${k} id ${hex(run * 1_000_000 + k)}a\n`;
    });
  const before = log(1, args.lines, 0);
  const after = log(2, Math.round(args.lines * args.kept), args.changed);
  const worker = new Worker(args.worker, { type: 'module' });
  const started = performance.now();
  const answer = await new Promise<{ diff: { added: number; removed: number } }>(
    (resolve, reject) => {
      worker.onmessage = ({ data }) => (data.type === 'done' ? resolve(data) : reject(data));
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage({ before, after });
    },
  );
  const ms = performance.now() - started;
  worker.terminate();
  return { ms, added: answer.diff.added, removed: answer.diff.removed };
}

export async function logDiffBench({
  browser,
  base,
  bundle,
  runs,
  report,
}: {
  browser: Browser;
  base: string;
  bundle: string;
  runs: number;
  report: (label: string, value: string) => void;
}): Promise<void> {
  const file = readdirSync(join(bundle, 'assets')).find((name) =>
    /^logDiff\.worker-[\w-]+\.js$/.test(name),
  );
  if (!file) return report('log diff worker', 'not in the bundle');
  const page = await browser.newPage();
  try {
    // Any document of the console's origin may start its worker.
    await page.goto(`${base}/assets/${file}`);
    // tsx names nested functions with an `__name` helper the page does not have.
    await page.evaluate('window.__name = (fn) => fn');
    for (const { name, changed, kept } of CASES) {
      const results = [];
      for (let run = 0; run < runs; run++) {
        results.push(
          await page.evaluate(diffInPage, {
            worker: `/assets/${file}`,
            lines: LINES,
            changed,
            kept,
          }),
        );
      }
      results.sort((a, b) => a.ms - b.ms);
      const middle = results[Math.floor(results.length / 2)]!;
      report(
        `  two 50,000-line logs, ${name} (median of ${runs})`,
        `${Math.round(middle.ms)} ms (+${middle.added} -${middle.removed} lines)`,
      );
    }
  } finally {
    await page.close();
  }
}
