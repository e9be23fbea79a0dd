import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { config } from './config';

async function boot() {
  if (config.mock) {
    // The embedded mock server runs in a service worker; load it only in mock mode.
    const { startMockWorker } = await import('../mock-server/browser');
    await startMockWorker();
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
