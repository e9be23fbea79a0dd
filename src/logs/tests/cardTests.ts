// A drone-junit style adaptive card's data (github.com/rohit-gohri/drone-junit: `reports`, each a
// name, `tests` counts and a time): its counts feed the tests panel beside what the log holds.

export interface CardReport {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  time: string;
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/** The card's reports, or null when the data is not a test card's (a Docker card, junk). */
export function cardTestReports(data: unknown): CardReport[] | null {
  const reports = (data as { reports?: unknown } | null)?.reports;
  if (!Array.isArray(reports)) return null;
  const found: CardReport[] = [];
  for (const report of reports.slice(0, 500)) {
    const tests = (report as { tests?: unknown } | null)?.tests as
      Record<string, unknown> | undefined;
    if (!tests || typeof tests !== 'object') continue;
    const { name, time } = report as { name?: unknown; time?: unknown };
    found.push({
      name: typeof name === 'string' ? name : '',
      passed: count(tests.passed),
      failed: count(tests.failed) + count(tests.errored),
      skipped: count(tests.skipped),
      time: typeof time === 'string' ? time : '',
    });
  }
  return found.length ? found : null;
}
