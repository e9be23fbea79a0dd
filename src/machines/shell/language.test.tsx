import { t } from '../../i18n';
import type { Message } from '../../i18n/message';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { memoryStorage } from '../../../tests/memoryStorage';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { i18n } from '../../i18n';
import { loadCatalog } from '../../i18n/load';
import { notify } from './toasts.machine';
import { LanguagePicker } from '../../views/shell/LanguagePicker';
import {
  LANGUAGE_STORAGE_KEY,
  languageActor,
  languageMachine,
  selectChoice,
  selectLanguage,
  selectLoadFailed,
  selectLoading,
  type LanguageEvent,
  type LanguageStorage,
} from './language.machine';

/** What a notify spy was asked to say, in the language shown. */
const said = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.map(([message]) => t((message as Message).key, (message as Message).values));

// The catalog's arrival, watched (and answered, where a test says so) by the tests.
vi.mock('../../i18n/load', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../i18n/load')>();
  return { ...original, loadCatalog: vi.fn(original.loadCatalog) };
});
const {
  loadCatalog: realLoadCatalog,
  forgetCatalogs,
  showLanguage,
} = await vi.importActual<typeof import('../../i18n/load')>('../../i18n/load');

function start(browserLanguages: string[], stored?: string) {
  const { storage, values } = memoryStorage(stored ? { [LANGUAGE_STORAGE_KEY]: stored } : {});
  const actor = createActor(languageMachine, { input: { browserLanguages, storage } }).start();
  /** Once the asked language's catalog has arrived (or failed to). */
  const settled = () => waitFor(actor, (snapshot) => !selectLoading(snapshot));
  return { actor, values, settled, language: () => selectLanguage(actor.getSnapshot()) };
}

// The Chinese catalog is fetched on demand: each test starts without it, as a first visit does.
beforeEach(() => {
  forgetCatalogs();
  vi.mocked(loadCatalog).mockReset();
  vi.mocked(loadCatalog).mockImplementation(realLoadCatalog);
});

// Every test leaves the app in English, as the other tests expect.
afterEach(() => {
  localStorage.clear();
  languageActor().send({ type: 'language.choose', language: 'en' });
  languageActor().send({ type: 'language.followBrowser' });
  showLanguage('en');
  document.documentElement.lang = 'en';
});

describe('language machine', () => {
  it("defaults to the browser's first supported language", () => {
    expect(start(['zh-CN', 'en']).language()).toBe('zh-CN');
    expect(start(['zh-TW']).language()).toBe('zh-CN');
    expect(start(['fr-FR', 'en-GB', 'zh-CN']).language()).toBe('en');
    expect(start(['de']).language()).toBe('en');
    expect(selectChoice(start([]).actor.getSnapshot())).toBeNull();
  });

  it("shows English while another language's catalog loads, then that language", async () => {
    const { actor, settled } = start(['zh-CN']);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(i18n.t('dashboard.title')).toBe('Dashboard');
    await settled();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(i18n.locale).toBe('zh-CN');
    expect(i18n.t('dashboard.title')).toBe('仪表板');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('prefers the remembered pick to the browser, and ignores one it does not speak', () => {
    expect(selectChoice(start(['zh-CN'], 'en').actor.getSnapshot())).toBe('en');
    expect(start(['zh-CN'], 'en').language()).toBe('en');
    expect(start(['zh-CN'], 'klingon').language()).toBe('zh-CN');
  });

  it('keeps English and says so when a catalog cannot be fetched', async () => {
    vi.mocked(loadCatalog).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const warning = vi.spyOn(notify, 'warning');
    const { actor, settled } = start(['en-US'], 'zh-CN');
    await settled();
    expect(loadCatalog).toHaveBeenCalledWith('zh-CN');
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(i18n.locale).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(said(warning)).toContain('Unable to load the texts of 简体中文, showing English');
    // Retry fetches it again, and this time it arrives.
    actor.send({ type: 'language.retry' });
    await settled();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(i18n.t('dashboard.title')).toBe('仪表板');
  });

  it('remembers and applies a pick; following the browser again forgets it', async () => {
    const { actor, values, language, settled } = start(['en-US']);
    actor.send({ type: 'language.choose', language: 'zh-CN' });
    await settled();
    expect(language()).toBe('zh-CN');
    expect(values.get(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    actor.send({ type: 'language.followBrowser' });
    await settled();
    expect(language()).toBe('en');
    expect(values.has(LANGUAGE_STORAGE_KEY)).toBe(false);
    expect(document.documentElement.lang).toBe('en');
  });

  it('still switches when storage throws', async () => {
    const denied = () => {
      throw new Error('denied');
    };
    const broken: LanguageStorage = { getItem: denied, setItem: denied, removeItem: denied };
    const actor = createActor(languageMachine, {
      input: { browserLanguages: ['en'], storage: broken },
    }).start();
    actor.send({ type: 'language.choose', language: 'zh-CN' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(i18n.locale).toBe('zh-CN');
  });
});

// Model-based (docs/architecture.md 8): every state and transition, through the picker. The
// catalog's arrival or failure is an event of the model: a failure is offered while a language
// other than English is asked for (English is bundled and cannot fail).
const CATALOG_ARRIVED = { type: 'xstate.done.actor.catalog' };
const CATALOG_FAILED = { type: 'xstate.error.actor.catalog', error: new TypeError('Failed') };
const events = (snapshot: SnapshotFrom<typeof languageMachine>): AnyEventObject[] => [
  { type: 'language.choose', language: 'zh-CN' },
  { type: 'language.choose', language: 'en' },
  { type: 'language.followBrowser' },
  CATALOG_ARRIVED,
  ...(selectLanguage(snapshot) === 'en' ? [] : [CATALOG_FAILED]),
  { type: 'language.retry' },
];

describe('language machine, model-based, through the language picker', () => {
  const input = { browserLanguages: ['en-US'], storage: memoryStorage().storage };
  const paths = modelOf(languageMachine, events, { input }).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(languageMachine, [{ input, paths }])).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const catalog = createSettler();
      // English is bundled: it arrives at once. Another language waits for the model's answer.
      vi.mocked(loadCatalog).mockImplementation(async (language) => {
        if (language !== 'en') await catalog.call();
        await realLoadCatalog(language);
      });
      const shared = languageActor();
      act(() => shared.send({ type: 'language.followBrowser' }));
      await act(() => waitFor(shared, (snapshot) => !selectLoading(snapshot)));
      render(<LanguagePicker />);
      const picker = () => screen.getByRole('combobox');
      const remembered = () => selectChoice(shared.getSnapshot());
      // The picker names the browser's language first; its label switches with the language.
      const shows = (language: string) => {
        expect(picker()).toHaveValue(remembered() ?? '');
        expect(screen.getByLabelText(language === 'en' ? 'Language' : '语言')).toBe(picker());
        expect(document.documentElement.lang).toBe(language);
        expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe(remembered());
      };
      const answer = async (event: AnyEventObject) => {
        if (catalog.waiting) catalog.settle(event);
        await act(() => waitFor(shared, (snapshot) => !selectLoading(snapshot)));
      };
      await path.test({
        states: {
          loading: () => {
            expect(picker()).toHaveValue(remembered() ?? '');
          },
          shown: () => {
            shows(selectLanguage(shared.getSnapshot()));
            expect(screen.getAllByRole('option')[0]).toHaveTextContent(/English/);
          },
          failed: () => {
            shows('en');
            expect(remembered()).toBe('zh-CN');
            expect(screen.getByRole('status')).toHaveTextContent(
              'The texts of 简体中文 could not be loaded.',
            );
          },
        },
        events: {
          'xstate.done.actor.catalog': ({ event }) => answer(event),
          'xstate.error.actor.catalog': ({ event }) => answer(event),
          'language.choose': ({ event }) => {
            fireEvent.change(picker(), {
              target: { value: (event as Extract<LanguageEvent, { language: string }>).language },
            });
          },
          'language.followBrowser': () => {
            fireEvent.change(picker(), { target: { value: '' } });
          },
          'language.retry': () => {
            fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
          },
        },
      });
      // English arrives on its own, without waiting for the model's answer.
      const english = selectLanguage(path.state) === 'en' && path.state.matches('loading');
      expect(shared.getSnapshot().value).toEqual(english ? 'shown' : path.state.value);
    });
  }
});
