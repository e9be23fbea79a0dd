// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { core } from './en/core';

// Issue 18: the first screen carries only the shell's and the build page's English texts
// (./en/core.ts); every other screen's are a module of their own (./en/<screen>.ts) that adds
// them when it is imported. A view that reads a screen's texts imports that module itself, so
// its texts are there whichever way the view was reached. Tests load every text (tests/setup.ts):
// only this check sees a view that forgot its screen's texts.

const EN = join(import.meta.dirname, 'en');
const VIEWS = join(import.meta.dirname, '..', 'views');

const screens = readdirSync(EN)
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((name) => name !== 'index' && name !== 'core');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("each screen's English texts", () => {
  it('are in a module of their own, none of them in the first screen too', () => {
    expect(screens.length).toBeGreaterThan(0);
    for (const screen of screens) expect(Object.keys(core)).not.toContain(screen);
  });

  it('are imported by every view that reads them', () => {
    const missing: string[] = [];
    for (const file of sources(VIEWS)) {
      const text = readFileSync(file, 'utf8');
      for (const screen of screens) {
        const reads = new RegExp(`[\`'"]${screen}\\.[A-Za-z]`).test(text);
        const imports = text.includes(`i18n/en/${screen}'`);
        if (reads && !imports) missing.push(`${relative(VIEWS, file)}: ${screen}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
