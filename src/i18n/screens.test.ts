// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { account } from './en/account';
import { admin } from './en/admin';
import { auth } from './en/auth';
import { buildViews } from './en/buildViews';
import { core } from './en/core';
import { dashboard } from './en/dashboard';
import { devtools } from './en/devtools';
import { feed } from './en/feed';
import { palette } from './en/palette';
import { repo } from './en/repo';
import { settings, settingsMessages } from './en/settings';

// Issue 18: the first screen carries only the shell's and the build page's English texts
// (./en/core.ts); every other screen's, and those of the dialogs and views that load on demand,
// are a module of their own (./en/<screen>.ts) that adds them when it is imported. A view that reads a screen's texts imports that module itself, so
// its texts are there whichever way the view was reached. Tests load every text (tests/setup.ts):
// only this check sees a view that forgot its screen's texts.

const EN = join(import.meta.dirname, 'en');
const VIEWS = join(import.meta.dirname, '..', 'views');

/** Each screen module's texts, as it adds them (the key path they sit under). */
const SCREENS: Record<string, object> = {
  account: { account },
  admin: { admin },
  auth: { auth },
  buildViews: { build: buildViews },
  dashboard: { dashboard },
  devtools: { devtools },
  feed: { feed },
  palette: { shell: palette },
  repo: { repo },
  settings: { settings, messages: settingsMessages },
};

/** 'a.b.c' for every text of a nested catalog. */
const keysOf = (catalog: object, prefix = ''): string[] =>
  Object.entries(catalog).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : keysOf(value as object, path);
  });

const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * Whether `text` reads one of `keys`: a key quoted whole, or a template that builds keys from a
 * group only this module has (`repo.filters.events.${event}`).
 */
function readsAny(text: string, keys: readonly string[], firstScreen: readonly string[]): boolean {
  const bases = new Set(keys.map((key) => key.replace(PLURAL, '')));
  const quoted = [...text.matchAll(/[`'"]([\w.]+)[`'"]/g)].map((match) => match[1]!);
  if (quoted.some((key) => bases.has(key))) return true;
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

const firstScreen = keysOf(core);

describe("each screen's English texts", () => {
  it('are in a module of their own, none of them in the first screen too', () => {
    const modules = readdirSync(EN).map((file) => file.replace(/\.ts$/, ''));
    expect(modules.filter((name) => name !== 'index' && name !== 'core').sort()).toEqual(
      Object.keys(SCREENS).sort(),
    );
    const first = new Set(firstScreen);
    for (const texts of Object.values(SCREENS)) {
      expect(keysOf(texts).filter((key) => first.has(key))).toEqual([]);
    }
  });

  it('are imported by every view that reads them', () => {
    const missing: string[] = [];
    for (const file of sources(VIEWS)) {
      const text = readFileSync(file, 'utf8');
      for (const [screen, texts] of Object.entries(SCREENS)) {
        const reads = readsAny(text, keysOf(texts), firstScreen);
        const imports = text.includes(`i18n/en/${screen}'`);
        if (reads && !imports) missing.push(`${relative(VIEWS, file)}: ${screen}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
