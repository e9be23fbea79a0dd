import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { showLanguage } from '../src/i18n/load';
import { resetAppActors } from '../src/machines/app/appActors';
// Every screen's English texts, as a visit that has loaded every screen (src/i18n/screens.test.ts
// checks each view imports the texts it reads).
import '../src/i18n/en';
import { markFirstScreenShown } from '../src/boot/firstScreen';
import { loadAllCode } from '../src/boot/code';
import { WAIT_LIMIT } from './wait';
import { forgetStoredLogs } from '../src/api/logs';

// waitFor and findBy* wait as long as any test waits for a condition (tests/wait.ts), not 1 s.
configure({ asyncUtilTimeout: WAIT_LIMIT });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The app-wide actors a test started (the session, the toasts, the palette...) end with it, and
// those it swapped run their own logic again: the next test starts from fresh ones.
afterEach(() => resetAppActors());

// Stored logs read in a test (shared by their readers, src/api/logs.ts) are not the next one's.
afterEach(() => forgetStoredLogs());

// A test may switch the language (showLanguage, or the language machine); the next one
// starts in English again.
afterEach(() => {
  showLanguage('en');
  if (typeof document !== 'undefined') document.documentElement.lang = 'en';
});

// Pages load their code on demand (src/boot/code.ts); a test renders a page as a visit whose
// code has arrived, so what it asserts never waits on a module import racing its fake timers.
// Only where views render (a DOM environment): tests of boot itself (node) watch what loads.
if (typeof document !== 'undefined') beforeAll(() => loadAllCode());

// What waits for a build page's first lines (src/boot/firstScreen.ts) goes on at once:
// a test is past its first screen, and its fake timers would hold the fallback.
markFirstScreenShown();
