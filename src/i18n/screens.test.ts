// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN } from '../../scripts/i18n/screens';

// Issue 18: the first screen carries only its own English texts (./en/core.ts); every other
// screen's, and those of the parts that load on demand, are a module of their own
// (./en/<screen>.ts, split by scripts/i18n/screens.ts) that adds them when it is imported. A view
// that reads a screen's texts imports that module itself, so its texts are there whichever way
// the view was reached. Tests load every text (tests/setup.ts): only this check sees a view that
// forgot its screen's texts.

const EN = join(import.meta.dirname, 'en');
const VIEWS = join(import.meta.dirname, '..', 'views');

const modules = new Map<string, string[]>();
for (const file of readdirSync(EN)) {
  const name = file.replace(/\.ts$/, '');
  if (name === 'index' || name === 'keys') continue;
  const module = (await import(`./en/${name}.ts`)) as { messages: object };
  modules.set(name, Object.keys(module.messages));
}
const keysOf = (screen: string) => modules.get(screen)!;

const screens = [...modules.keys()].filter((name) => name !== FIRST_SCREEN);
const firstScreen = keysOf(FIRST_SCREEN);

/**
 * Whether `text` reads one of `keys`: a key quoted whole, or a template that builds keys from a
 * group only this module has (`repo.filters.events.${event}`).
 */
function readsAny(text: string, keys: readonly string[]): boolean {
  const quoted = [...text.matchAll(/[`'"]([\w.]+)[`'"]/g)].map((match) => match[1]!);
  if (quoted.some((key) => keys.includes(key))) return true;
  return [...text.matchAll(/`([\w.]+\.)\$\{/g)].some(([, prefix]) => {
    const under = (key: string) => key.startsWith(prefix!);
    return keys.some(under) && !firstScreen.some(under);
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("each screen's English texts", () => {
  it('are imported by every view that reads them', () => {
    const missing: string[] = [];
    for (const file of sources(VIEWS)) {
      const text = readFileSync(file, 'utf8');
      for (const screen of screens) {
        const reads = readsAny(text, keysOf(screen));
        const imports = text.includes(`i18n/en/${screen}'`);
        if (reads && !imports) missing.push(`${relative(VIEWS, file)}: ${screen}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
