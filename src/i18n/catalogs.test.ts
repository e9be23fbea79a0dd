// @vitest-environment node
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { readCatalog, staleModules } from '../../scripts/i18n/compile';
import { allKeys } from '../../scripts/i18n/extract';
import { LANGUAGES } from './languages';

// The CI check of the catalogs (`npm test` runs it with the other unit tests): the PO catalogs
// hold every key the sources give and no other (what `npm run i18n:extract` finds), every
// language has a text for each, with the English text's values and tags, and the compiled
// modules are what `npm run i18n:compile` makes of them. A failure names the keys.

const english = await readCatalog('en');
const others = LANGUAGES.map((language) => language.code).filter((code) => code !== 'en');

type Token = string | [string, string?, Record<string, Token[]>?];

/** The values a compiled text takes, plural and select branches included. */
const valuesOf = (tokens: Token[]): string[] =>
  tokens.flatMap((token) =>
    typeof token === 'string'
      ? []
      : [
          token[0],
          ...Object.values(token[2] ?? {}).flatMap((branch) =>
            Array.isArray(branch) ? valuesOf(branch) : [],
          ),
        ],
  );

/** The {values} and <tags> a text uses, sorted: a translation must keep every one. */
const placeholders = (text: string) =>
  [
    ...new Set([
      ...valuesOf(compileMessage(text) as Token[]),
      ...[...text.matchAll(/<\/?\w+\s*\/?>/g)].map(([tag]) => tag),
    ]),
  ].sort();

describe('the English catalog', () => {
  it('holds every key the sources give, and no other (npm run i18n:extract)', () => {
    const given = allKeys();
    expect(
      [...given.keys()].filter((key) => !english.has(key)),
      'not in en.po',
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !given.has(key)),
      'used nowhere',
    ).toEqual([]);
  }, 180_000);

  it('has a text for every key', () => {
    expect([...english].filter(([, text]) => !text).map(([key]) => key)).toEqual([]);
  });

  it('is what the compiled modules hold (npm run i18n:compile)', async () => {
    expect(await staleModules()).toEqual([]);
  }, 60_000);
});

describe.each(others)('the %s catalog', (code) => {
  it('has a text for every key English has', async () => {
    const catalog = await readCatalog(code);
    expect(
      [...english.keys()].filter((key) => !catalog.get(key)),
      `missing in ${code}`,
    ).toEqual([]);
  });

  it('keeps the values and tags of the English text', async () => {
    const catalog = await readCatalog(code);
    const differing = [...catalog].filter(([key, text]) => {
      const source = english.get(key);
      return source !== undefined && placeholders(source).join() !== placeholders(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });
});
