// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { interpolate, Translator } from './translator';

// The translator's own catalogs, so the cases do not move when the console's texts do.
const english = {
  builds: { count_one: '{{count}} build', count_other: '{{count}} builds' },
  step: { failed: 'Step {{name}} failed on {{ stage }}', only: 'Only in English' },
  who: '{{who}} asked {{who}} and {{ who }}',
};
const chinese = {
  builds: { count_other: '{{count}} 个构建' },
  step: { failed: '{{stage}} 上的步骤 {{name}} 失败' },
};

function translator() {
  const i18n = new Translator('en', 'en', english);
  i18n.addTexts('zh-CN', chinese);
  return i18n;
}

describe('Translator', () => {
  it("picks a count's form by the language's plural rules", () => {
    const i18n = translator();
    expect(i18n.t('builds.count', { count: 1 })).toBe('1 build');
    expect(i18n.t('builds.count', { count: 0 })).toBe('0 builds');
    expect(i18n.t('builds.count', { count: 2 })).toBe('2 builds');
    i18n.changeLanguage('zh-CN');
    // Chinese has one form: `_other` serves 1 too.
    expect(i18n.t('builds.count', { count: 1 })).toBe('1 个构建');
    expect(i18n.t('builds.count', { count: 5 })).toBe('5 个构建');
  });

  it("takes `key_zero` for 0 where a catalog has it, else the rules' form", () => {
    const i18n = new Translator('en', 'en', { n_zero: 'none', n_one: 'one', n_other: '{{count}}' });
    expect(i18n.t('n', { count: 0 })).toBe('none');
    expect(i18n.t('n', { count: 1 })).toBe('one');
    expect(i18n.t('n', { count: 3 })).toBe('3');
  });

  it('falls back to `key_other`, then to the plain key', () => {
    const i18n = new Translator('en', 'en', { a_other: 'many a', b: 'plain b' });
    expect(i18n.t('a', { count: 1 })).toBe('many a');
    expect(i18n.t('b', { count: 1 })).toBe('plain b');
  });

  it('shows English where the language lacks a text, with English plural rules', () => {
    const i18n = translator();
    i18n.addTexts('fr', { step: { failed: 'Étape {{name}} échouée sur {{stage}}' } });
    i18n.changeLanguage('fr');
    expect(i18n.t('step.only')).toBe('Only in English');
    expect(i18n.t('builds.count', { count: 1 })).toBe('1 build');
    expect(i18n.t('step.failed', { name: 'test', stage: 'linux' })).toBe(
      'Étape test échouée sur linux',
    );
  });

  it('shows a key no language has as the key itself', () => {
    const i18n = translator();
    expect(i18n.t('step.missing')).toBe('step.missing');
    expect(i18n.t('step')).toBe('step');
    i18n.changeLanguage('zh-CN');
    expect(i18n.t('nowhere.at.all')).toBe('nowhere.at.all');
  });

  it('fills in several values, a repeated one at each place, with or without spaces', () => {
    const i18n = translator();
    expect(i18n.t('step.failed', { name: 'build', stage: 'arm64' })).toBe(
      'Step build failed on arm64',
    );
    expect(i18n.t('who', { who: 'octocat' })).toBe('octocat asked octocat and octocat');
    i18n.changeLanguage('zh-CN');
    expect(i18n.t('step.failed', { name: 'build', stage: 'arm64' })).toBe(
      'arm64 上的步骤 build 失败',
    );
  });

  it('never reads a value for placeholders, nor escapes it', () => {
    expect(interpolate('{{a}} and {{b}}', { a: '{{b}}', b: '<b>&</b>' })).toBe(
      '{{b}} and <b>&</b>',
    );
  });

  it('keeps a placeholder without a value; null, undefined and numbers as i18next did', () => {
    expect(interpolate('{{a}}|{{b}}|{{c}}|{{d}}', { b: null, c: undefined, d: 0 })).toBe(
      '{{a}}|||0',
    );
    expect(interpolate('{{build.number}}', { build: { number: 7 } })).toBe('7');
  });

  it('notifies listeners of a language change; a fixed translator keeps its language', () => {
    const i18n = translator();
    const listener = vi.fn();
    const stop = i18n.onLanguageChange(listener);
    const inEnglish = i18n.fixedT('en');
    const inChinese = i18n.fixedT('zh-CN');
    expect(i18n.fixedT('en')).toBe(inEnglish);

    i18n.changeLanguage('zh-CN');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(i18n.language).toBe('zh-CN');
    expect(inEnglish('builds.count', { count: 3 })).toBe('3 builds');
    expect(i18n.t('builds.count', { count: 3 })).toBe('3 个构建');

    i18n.changeLanguage('zh-CN');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    i18n.changeLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(inChinese('builds.count', { count: 3 })).toBe('3 个构建');
    expect(i18n.t('builds.count', { count: 3 })).toBe('3 builds');
  });

  it('merges added English texts deep, changing neither the catalog nor the added object', () => {
    const texts = { step: { skipped: 'Step {{name}} skipped' }, settings: { title: 'Settings' } };
    const i18n = new Translator('en', 'en', english);
    i18n.addTexts('en', texts);
    expect(i18n.t('step.failed', { name: 'a', stage: 'b' })).toBe('Step a failed on b');
    expect(i18n.t('step.skipped', { name: 'a' })).toBe('Step a skipped');
    expect(i18n.t('settings.title')).toBe('Settings');
    expect(english.step).not.toHaveProperty('skipped');
    expect(texts.step).not.toHaveProperty('failed');
  });

  it("adds, tells and removes a language's catalog", () => {
    const i18n = translator();
    expect(i18n.hasTexts('zh-CN')).toBe(true);
    i18n.removeTexts('zh-CN');
    expect(i18n.hasTexts('zh-CN')).toBe(false);
    i18n.changeLanguage('zh-CN');
    expect(i18n.t('builds.count', { count: 2 })).toBe('2 builds');
  });

  it("gives a text's template with its placeholders still in", () => {
    const i18n = translator();
    expect(i18n.template('zh-CN', 'step.failed')).toBe('{{stage}} 上的步骤 {{name}} 失败');
    expect(i18n.template('zh-CN', 'step.only')).toBe('Only in English');
  });
});
