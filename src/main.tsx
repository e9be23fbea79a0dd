import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarly } from './early';
import { prefetchCatalog } from './i18n/languages';

async function boot() {
  // The app and, in mock mode, the embedded mock server (a service worker) load side by side:
  // the worker registers while the app's code is fetched and evaluated.
  const app = import('./App');
  // A reader of another language than English gets its catalog beside the app's code.
  prefetchCatalog();
  // The build-time constant itself, not config.mock: a production build then drops the mock's
  // chunk and its dependencies, instead of shipping them unused.
  if (__DRONE_MOCK__) {
    const { startMockWorker } = await import('../mock-server/browser');
    await startMockWorker();
  }
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
