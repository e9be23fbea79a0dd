import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { defaultLanguage, loadRuntimeConfig } from './config';
import { startEarly } from './early';
import { prefetchCatalog } from './i18n/languages';

async function boot() {
  // The app and, in mock mode, the embedded mock server (a service worker) load side by side:
  // the worker registers while the app's code is fetched and evaluated.
  const app = import('./App');
  // The deployment's configuration (preloaded by index.html), before any call: it names the server.
  const configured = loadRuntimeConfig();
  // A reader of another language than English gets its catalog beside the app's code.
  void configured.then(() => prefetchCatalog(defaultLanguage()));
  // The build-time constant itself, not config.mock: a production build then drops the mock's
  // chunk and its dependencies, instead of shipping them unused.
  if (__DRONE_MOCK__) {
    const { startMockWorker } = await import('../mock-server/browser');
    await startMockWorker();
  }
  await configured;
  // After the mock's worker: it answers the early requests too.
  startEarly(window.location);
  const { App } = await app;
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
