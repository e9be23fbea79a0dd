import { serverStarted } from './boot/server';
import { defaultLanguage, loadRuntimeConfig } from './config';
import { startEarly, startLogWorkerEarly, startPageCode } from './boot/early';
import { prefetchCatalog } from './i18n/languages';
import { warmIntlAhead } from './api/readStoredLog';

async function boot() {
  startLogWorkerEarly(window.location);
  // The dev server has no modulepreload: its hundreds of modules are asked for at once, while the
  // configuration is read and the demo's service worker registers (mock-server/demo.ts).
  const app = import.meta.env.DEV ? import('./App') : null;
  // The deployment's configuration (preloaded by index.html), before any call: it names the server.
  const configured = loadRuntimeConfig();
  // A reader of another language than English gets its catalog beside the app's code. Before the
  // early calls: the page's first read of localStorage waits on the browser, which is busy sending
  // them after (47 ms against 18 ms on a loaded 2-core machine, issue 32).
  void configured.then(() => warmIntlAhead(prefetchCatalog(defaultLanguage())));
  await Promise.all([configured, serverStarted()]);
  // After the demo's server has started: it answers the early requests too.
  await startEarly(window.location);
  // Then the code runs: index.html has loaded the app's chunk meanwhile (a modulepreload), and
  // evaluating it, a long task, no longer holds back the calls that wait on an answer (issue 32).
  startPageCode(window.location.pathname);
  const { mountApp } = await (app ?? import('./App'));
  mountApp(document.getElementById('root')!);
}

void boot();
