// Issue 27 item 5: a production build holds nothing of the mock server: no service worker, no
// log-generator worker, none of the mock's or msw's code, none of the demo's data, and no code
// that reads the header only the in-page mock sends. `npm test` runs it on the server-mode build
// (the same JavaScript as `npm run build`):
//   npx tsx scripts/check-mock-free.ts [dist]
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Files only a demo build has (their names survive hashing). */
const MOCK_FILES = [/mockServiceWorker\.js$/, /logGenerator\.worker/, /(^|\/)mock/i];

/**
 * Text only the mock's code puts in a build, each a different part of it: msw's worker client,
 * the mock's boot, its browser API, the generated-log header, and the demo data's repositories.
 */
export const MOCK_TRACES = [
  'mockServiceWorker',
  '[MSW]',
  'droneMock',
  'X-Drone-Mock-Log',
  'octocat/hello-world',
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

/** What of the mock `dist` holds, one line each; empty when it is mock-free. */
export function mockTraces(dist: string): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dist)) {
    if (MOCK_FILES.some((pattern) => pattern.test(file))) found.push(`${file}: a mock's file`);
    if (!/\.(js|html|json|css)$/.test(file)) continue;
    const text = readFileSync(join(dist, file), 'utf8');
    for (const trace of MOCK_TRACES) {
      if (text.includes(trace)) found.push(`${file}: holds “${trace}”`);
    }
  }
  return found;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.argv[2] ?? 'dist';
  const found = mockTraces(dist);
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`${dist} holds mock code: a production build must not (README "Builds").`);
    process.exitCode = 1;
  } else console.info(`${dist} holds nothing of the mock server`);
}
