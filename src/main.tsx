import { serverStarted } from './boot/server';
import { defaultLanguage, loadRuntimeConfig } from './config';
import { startEarly } from './boot/early';
import { prefetchCatalog } from './i18n/languages';

async function boot() {
  // The app's code loads while the configuration is read and, in the demo, while the embedded
  // server's service worker registers (mock-server/demo.ts).
  const app = import('./App');
  // The deployment's configuration (preloaded by index.html), before any call: it names the server.
  const configured = loadRuntimeConfig();
  await Promise.all([configured, serverStarted()]);
  // After the demo's server has started: it answers the early requests too.
  startEarly(window.location);
  // A reader of another language than English gets its catalog beside the app's code (after the
  // early calls: its first read of localStorage may take a fresh profile some milliseconds).
  prefetchCatalog(defaultLanguage());
  const { mountApp } = await app;
  mountApp(document.getElementById('root')!);
}

void boot();
