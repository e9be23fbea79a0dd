import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { memoryStorage } from '../../../tests/memoryStorage';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { i18n } from '../../i18n';
import { LanguagePicker } from '../../views/shell/LanguagePicker';
import {
  LANGUAGE_STORAGE_KEY,
  languageActor,
  languageMachine,
  selectLanguage,
  type LanguageEvent,
  type LanguageStorage,
} from './language.machine';

function start(browserLanguages: string[], stored?: string) {
  const { storage, values } = memoryStorage(stored ? { [LANGUAGE_STORAGE_KEY]: stored } : {});
  const actor = createActor(languageMachine, { input: { browserLanguages, storage } }).start();
  return { actor, values, language: () => selectLanguage(actor.getSnapshot()) };
}

// Every test leaves the app in English, as the other tests expect.
afterEach(() => {
  localStorage.clear();
  languageActor().send({ type: 'language.choose', language: 'en' });
  languageActor().send({ type: 'language.followBrowser' });
  void i18n.changeLanguage('en');
  document.documentElement.lang = 'en';
});

describe('language machine', () => {
  it("defaults to the browser's first supported language", () => {
    expect(start(['zh-CN', 'en']).language()).toBe('zh-CN');
    expect(start(['zh-TW']).language()).toBe('zh-CN');
    expect(start(['fr-FR', 'en-GB', 'zh-CN']).language()).toBe('en');
    expect(start(['de']).language()).toBe('en');
    expect(start([]).actor.getSnapshot().value).toBe('browserDefault');
  });

  it('applies the language to i18next and <html lang> when it starts', () => {
    start(['zh-CN']);
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('dashboard.title')).toBe('仪表板');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('prefers the remembered pick to the browser, and ignores one it does not speak', () => {
    expect(start(['zh-CN'], 'en').actor.getSnapshot().value).toBe('chosen');
    expect(start(['zh-CN'], 'en').language()).toBe('en');
    expect(start(['zh-CN'], 'klingon').language()).toBe('zh-CN');
  });

  it('remembers and applies a pick; following the browser again forgets it', () => {
    const { actor, values, language } = start(['en-US']);
    actor.send({ type: 'language.choose', language: 'zh-CN' });
    expect(language()).toBe('zh-CN');
    expect(values.get(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    actor.send({ type: 'language.followBrowser' });
    expect(language()).toBe('en');
    expect(values.has(LANGUAGE_STORAGE_KEY)).toBe(false);
    expect(document.documentElement.lang).toBe('en');
  });

  it('still switches when storage throws', () => {
    const denied = () => {
      throw new Error('denied');
    };
    const broken: LanguageStorage = { getItem: denied, setItem: denied, removeItem: denied };
    const actor = createActor(languageMachine, {
      input: { browserLanguages: ['en'], storage: broken },
    }).start();
    actor.send({ type: 'language.choose', language: 'zh-CN' });
    expect(selectLanguage(actor.getSnapshot())).toBe('zh-CN');
  });
});

// Model-based (docs/architecture.md 8): every state and transition, through the picker.
const EVENTS: LanguageEvent[] = [
  { type: 'language.choose', language: 'zh-CN' },
  { type: 'language.choose', language: 'en' },
  { type: 'language.followBrowser' },
];

describe('language machine, model-based, through the language picker', () => {
  const input = { browserLanguages: ['en-US'], storage: memoryStorage().storage };
  const paths = modelOf(languageMachine, EVENTS, { input }).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(languageMachine, [{ input, paths }])).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const shared = languageActor();
      act(() => shared.send({ type: 'language.followBrowser' }));
      render(<LanguagePicker />);
      const picker = () => screen.getByRole('combobox');
      // The label is the picker's own text: it switches with the language it picks.
      // The picker names the browser's language first; its label switches with the language.
      const shows = (language: string, remembered: string | null) => () => {
        expect(picker()).toHaveValue(remembered ?? '');
        expect(screen.getByLabelText(language === 'en' ? 'Language' : '语言')).toBe(picker());
        expect(document.documentElement.lang).toBe(language);
        expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(remembered);
      };
      await path.test({
        states: {
          browserDefault: () => {
            shows('en', null)();
            expect(screen.getByRole('option', { name: "Browser's language (English)" })).toBe(
              screen.getAllByRole('option')[0],
            );
          },
          chosen: () => {
            const language = selectLanguage(shared.getSnapshot());
            shows(language, language)();
          },
        },
        events: {
          'language.choose': ({ event }) => {
            fireEvent.change(picker(), {
              target: { value: (event as Extract<LanguageEvent, { language: string }>).language },
            });
          },
          'language.followBrowser': () => {
            fireEvent.change(picker(), { target: { value: '' } });
          },
        },
      });
    });
  }
});
