import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fetchCatalog, LANGUAGES, type Language } from './languages';

// The CI check of issue 19: every language has every key English has (and no key English lacks),
// each plural in the forms the language's own rules need, and the same {{values}} and <tags>.
// `npm test` runs it with the other unit tests; a failure names the keys.

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** 'a.b.c' -> text, for every string of a nested catalog. */
function flatten(catalog: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value as object, path)) entries.set(inner, text);
  }
  return entries;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');

/** The {{values}} and <tags> a text uses, sorted: a translation must keep every one. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[0]).sort();

const catalogs: Record<Language, object> = { en, 'zh-CN': await fetchCatalog('zh-CN') };
const english = flatten(catalogs.en);
const englishBases = new Set([...english.keys()].map(baseKey));
const others = LANGUAGES.map((language) => language.code).filter((code) => code !== 'en');

describe.each(others)('the %s catalog', (code: Language) => {
  const catalog = flatten(catalogs[code]);
  const bases = new Set([...catalog.keys()].map(baseKey));

  it('has every key English has', () => {
    const missing = [...englishBases].filter((key) => !bases.has(key));
    expect(missing, `keys missing in ${code}`).toEqual([]);
  });

  it('has no key English lacks', () => {
    const extra = [...bases].filter((key) => !englishBases.has(key));
    expect(extra, `keys only in ${code}`).toEqual([]);
  });

  it("has each plural in every form the language's rules use", () => {
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    const plurals = [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey);
    const missing = [...new Set(plurals)].flatMap((key) =>
      categories.map((category) => `${key}_${category}`).filter((form) => !catalog.has(form)),
    );
    expect(missing, `plural forms missing in ${code}`).toEqual([]);
  });

  it('keeps the values and tags of the English text', () => {
    const differing = [...catalog].filter(([key, text]) => {
      const source = english.get(key) ?? english.get(`${baseKey(key)}_other`);
      return source !== undefined && placeholders(source).join() !== placeholders(text).join();
    });
    expect(differing.map(([key]) => key)).toEqual([]);
  });
});

describe('the English catalog', () => {
  it('has each plural in both English forms', () => {
    const plurals = [...english.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(baseKey);
    const missing = [...new Set(plurals)].flatMap((key) =>
      ['one', 'other'].map((form) => `${key}_${form}`).filter((form) => !english.has(form)),
    );
    expect(missing).toEqual([]);
  });
});
