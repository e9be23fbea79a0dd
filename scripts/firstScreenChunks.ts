// The chunks of the first screen (issue 18, docs/issues.md), for the build (vite.config.ts) and
// for the bundle check (scripts/check-bundle.ts), which finds the first screen by these names.
//
// By default the bundler makes a chunk of each set of pages that share some code: a build page's
// first screen was about twenty-five chunks, each compressed on its own and importing the others
// by their hashed names (about 6 KiB more, gzipped, than the same code in a few chunks). Four
// groups instead:
// - `boot`: what the entry (src/main.tsx) imports statically: every visit runs it first;
// - `app`: what the app (src/App.tsx, which every visit loads) imports statically beyond that;
// - `build-page`: what the build page imports statically that nothing else reaches, except the
//   machines page, which lists every machine and so loads this chunk with them;
// - `page-shared`: what the build page imports statically that other code reaches too. It was a
//   dozen small chunks, each a request of its own (over HTTP/1.1, six at a time) for every page a
//   visit starts on; as one chunk a page may load a few KiB it does not run (issue 32: the
//   dashboard 5 KiB more, a build page's first screen 2 KiB less, each page 5-11 requests fewer).
// The groups leave a module's imports where they are (includeDependenciesRecursively: false in
// vite.config.ts): the chunks import each other one way, boot <- app <- page-shared <- build-page.
import { resolve } from 'node:path';
import type { Rolldown } from 'vite';

type GroupName = NonNullable<Rolldown.CodeSplittingOptions['groups']>[number]['name'];
type ChunkingContext = Parameters<Extract<GroupName, (...args: never[]) => unknown>>[1];

/** Each group's name and the module it starts from. */
export const FIRST_SCREEN_CHUNKS = {
  boot: 'src/main.tsx',
  app: 'src/App.tsx',
  'build-page': 'src/views/buildPage/BuildPage.tsx',
} as const;

/** The chunks every visit loads first, with the entry: its runtime, `boot` and `app`. */
export const ALWAYS_LOADED = /(^|\/)(rolldown-runtime|boot|app)-[\w-]{8}\.js$/;

/** Reaches every other page; the build page's own chunk may load with it. */
const MACHINES_PAGE = 'src/views/devtools/MachinesPage.tsx';

/**
 * Every module `from` imports, itself included: statically, or also through dynamic imports;
 * never through the modules in `stops`.
 */
function closure(
  context: ChunkingContext,
  from: string,
  { dynamic = false, stops = [] as string[] } = {},
): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || stops.includes(id)) return;
    seen.add(id);
    const info = context.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) visit(imported);
    if (dynamic) for (const imported of info?.dynamicallyImportedIds ?? []) visit(imported);
  };
  visit(from);
  return seen;
}

function groupsOf(context: ChunkingContext, root: string): Map<string, string> {
  const at = (path: string) => resolve(root, path);
  const main = at(FIRST_SCREEN_CHUNKS.boot);
  const buildPage = at(FIRST_SCREEN_CHUNKS['build-page']);
  const boot = closure(context, main);
  const elsewhere = closure(context, main, {
    dynamic: true,
    stops: [buildPage, at(MACHINES_PAGE)],
  });
  const groups = new Map<string, string>();
  // The entry module itself stays the entry chunk (index.html's script).
  for (const id of boot) if (id !== main) groups.set(id, 'boot');
  for (const id of closure(context, at(FIRST_SCREEN_CHUNKS.app))) {
    if (!boot.has(id)) groups.set(id, 'app');
  }
  for (const id of closure(context, buildPage)) {
    if (!elsewhere.has(id)) groups.set(id, 'build-page');
    else if (!groups.has(id) && !boot.has(id)) groups.set(id, 'page-shared');
  }
  return groups;
}

/** rolldown's group `name` function: a module's first-screen chunk, or null for the default. */
export function firstScreenGroups(root: string) {
  let groups: Map<string, string> | undefined;
  return (id: string, context: ChunkingContext): string | null => {
    groups ??= groupsOf(context, root);
    return groups.get(id) ?? null;
  };
}
