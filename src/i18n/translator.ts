// The console's translator: the part of i18next it used, in a few lines (issue 18: the i18next
// runtime was 14 KiB gzipped of the first screen's JavaScript). Catalogs are nested objects of
// texts; `{{name}}` takes a value, as plain text (React escapes what it renders), never read
// again for placeholders; `key_one`, `key_other`... are a count's forms, picked by the
// language's Intl.PluralRules as i18next picks them. A text the language lacks is English's, and
// a key no language has shows as itself, so a gap is visible but never breaks a screen.

export interface Catalog {
  [key: string]: string | Catalog;
}

/** The values a text's `{{name}}`s take; `count` also picks the plural form. */
export type Values = Readonly<Record<string, unknown>>;

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** 'x' for 'x_one' or 'x_other': a count's forms are asked for by their common key. */
type Base<K extends string> = K extends `${infer B}_${PluralForm}` ? B : K;

/** Every text's dotted key in a catalog shaped like T ('account.title'): what `t` accepts. */
export type KeyOf<T> = {
  [K in keyof T & string]: T[K] extends string ? Base<K> : `${K}.${KeyOf<T[K]>}`;
}[keyof T & string];

export type Translate<Key extends string> = (key: Key, values?: Values) => string;

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** A value by its name, dotted names reading into objects ('build.number'). */
function valueOf(values: Values, name: string): unknown {
  if (Object.hasOwn(values, name)) return values[name];
  let value: unknown = values;
  for (const part of name.split('.')) {
    value = value !== null && typeof value === 'object' ? (value as Values)[part] : undefined;
  }
  return value;
}

/**
 * `text` with each `{{name}}` replaced by its value, in one pass: a value that contains `{{x}}`
 * stays as it is. A placeholder whose value is not given at all stays too (null or an
 * explicitly undefined value gives ''), as i18next does.
 */
export function interpolate(text: string, values: Values = {}): string {
  return text.replace(PLACEHOLDER, (placeholder, inner: string) => {
    const name = inner.trim();
    const value = valueOf(values, name);
    if (value === undefined && !Object.hasOwn(values, name)) return placeholder;
    return value == null ? '' : String(value);
  });
}

/** Deep merge into a new object: `texts` win, neither argument changes. */
function merge(into: Catalog | undefined, texts: Catalog): Catalog {
  const merged: Catalog = { ...into };
  for (const [key, text] of Object.entries(texts)) {
    const old = merged[key];
    merged[key] = typeof text === 'object' && typeof old === 'object' ? merge(old, text) : text;
  }
  return merged;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The keys a count's text may have in a language, the likeliest first. */
function plurals(key: string, language: string, count: number): string[] {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  const forms = [`${key}_${rules.select(count)}`, `${key}_other`];
  return count === 0 ? [`${key}_zero`, ...forms] : forms;
}

/** The text at a dotted key ('account.title'), if the catalog has one there. */
function lookup(catalog: Catalog | undefined, key: string): string | undefined {
  let node: Catalog | string | undefined = catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export class Translator<Key extends string = string> {
  private readonly catalogs = new Map<string, Catalog>();
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<string, Translate<Key>>();

  constructor(
    /** The language texts are shown in now. */
    public language: string,
    /** The language every other one falls back to, whose catalog has every key. */
    private readonly fallback: string,
    texts: Catalog,
  ) {
    this.addTexts(fallback, texts);
  }

  /** The text of `key` in the current language, its `{{values}}` filled in. */
  readonly t: Translate<Key> = (key, values) => this.fixedT(this.language)(key, values);

  /**
   * The translate function of one language whatever the current one is: the same function each
   * time for a language, so memoized components holding it re-render only when it changes.
   */
  fixedT(language: string): Translate<Key> {
    let t = this.fixed.get(language);
    if (!t) {
      t = (key, values) => interpolate(this.template(language, key, values?.count), values);
      this.fixed.set(language, t);
    }
    return t;
  }

  /**
   * The text of `key` in `language` (English's where the language lacks it, the key where no
   * language has it), with its `{{values}}` and markup still in. A number `count` picks the
   * plural form: `key_zero` for 0 if there is one, then the language's form, `key_other`, `key`
   * (i18next skips `key_other`: only a catalog that lacks a form its rules use, which
   * catalogs.test.ts forbids, shows the difference).
   */
  template(language: string, key: Key, count?: unknown): string {
    for (const code of new Set([language, this.fallback])) {
      const forms = typeof count === 'number' ? plurals(key, code, count) : [];
      for (const form of [...forms, key]) {
        const text = lookup(this.catalogs.get(code), form);
        if (text !== undefined) return text;
      }
    }
    return key;
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    for (const listener of [...this.listeners]) listener();
  }

  /** Calls `listener` after each change of language; returns what stops it. */
  onLanguageChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds texts to a language's catalog, deep: a screen's texts join those already there. */
  addTexts(language: string, texts: Catalog): void {
    this.catalogs.set(language, merge(this.catalogs.get(language), texts));
  }

  hasTexts(language: string): boolean {
    return this.catalogs.has(language);
  }

  removeTexts(language: string): void {
    this.catalogs.delete(language);
  }
}
