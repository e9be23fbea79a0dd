// The first screen's JavaScript (issue 18): what a build page loads before its first log lines,
// gzipped, stays within a limit (FIRST_SCREEN_LIMIT unless another is given in KiB), and how far
// it is from issue 18's goal (FIRST_SCREEN_GOAL) is printed beside it. Reads a production build
// (Vite's manifest, written by every build); `npm run check:bundle` builds one and runs this:
//   npx tsx scripts/check-bundle.ts [dist] [limit KiB]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_SCREEN_CHUNKS } from './firstScreenChunks';

/**
 * Issue 18's goal for the first screen, met: 147.7 KiB, of which about 96 are the libraries a
 * build page cannot show its first lines without (react-dom 64, xstate 14, Stitches 6, react 3,
 * anser 2, ofetch with ufo and destr 3, wouter, scheduler, @xstate/react 4) and about 52 the
 * console's own code and English texts (README "Benchmarks").
 */
export const FIRST_SCREEN_GOAL = 150 * 1024;
/**
 * What `npm test` lets through: the goal itself, so code that lands on the first screen without
 * being needed there fails the tests instead of adding up unnoticed.
 */
export const FIRST_SCREEN_LIMIT = FIRST_SCREEN_GOAL;

/** The chunks a build page's boot imports dynamically at once (main.tsx: the app; boot/early.ts: the page). */
const LOADED_AT_BOOT = ['app', 'build-page'] as const;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}

/** A worker the code starts, as Vite emits it (`new URL('./x.worker.ts', import.meta.url)`). */
const WORKER_FILE = /[\w.-]+\.worker-[\w-]+\.js/g;

/** The scripts of the first screen of a build page, as paths inside `dist`. */
export function firstScreenScripts(dist: string): string[] {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The module's own chunk, or the group that holds it (scripts/firstScreenChunks.ts).
  const chunkOf = (group: (typeof LOADED_AT_BOOT)[number]) =>
    FIRST_SCREEN_CHUNKS[group] in manifest
      ? FIRST_SCREEN_CHUNKS[group]
      : Object.keys(manifest).find((key) => !manifest[key]!.src && manifest[key]!.name === group);
  const files = new Set<string>();
  // A dynamic import preloads the chunk's static imports with it: follow `imports` from each.
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...LOADED_AT_BOOT.map(chunkOf)]) visit(key ?? '');
  // Workers are not in the manifest: find the ones these chunks start.
  for (const file of [...files]) {
    for (const [worker] of readFileSync(join(dist, file), 'utf8').matchAll(WORKER_FILE)) {
      if (existsSync(join(dist, 'assets', worker))) files.add(`assets/${worker}`);
    }
  }
  return [...files];
}

/** Bytes of a file gzipped at the highest level, as a server precompressing its assets sends it. */
export function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

export function firstScreenBytes(dist: string): Array<{ file: string; gzip: number }> {
  return firstScreenScripts(dist).map((file) => ({ file, gzip: gzipSize(join(dist, file)) }));
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function main(dist: string, limit: number) {
  const files = firstScreenBytes(dist);
  const total = files.reduce((sum, { gzip }) => sum + gzip, 0);
  for (const { file, gzip } of files) console.info(`${kib(gzip).padStart(10)}  ${file}`);
  console.info(
    `${kib(total).padStart(10)}  first screen of a build page (limit ${kib(limit)}, goal ${kib(FIRST_SCREEN_GOAL)})`,
  );
  if (total > limit) {
    console.error('The first screen loads too much JavaScript: load the new code on demand.');
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const limit = process.argv[3] ? Number(process.argv[3]) * 1024 : FIRST_SCREEN_LIMIT;
  main(process.argv[2] ?? 'dist', limit);
}
