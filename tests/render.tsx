import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppRoutes } from '../src/routes';
import { Toasts } from '../src/views/ui';

/** Renders the whole app at `path` with an in-memory location; returns the location's history. */
export function renderApp(path: string) {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <AppRoutes />
      </Router>
      <Toasts />
    </>,
  );
  return { ...result, location };
}

/** Renders one element inside the app's providers, at `path`. */
export function renderWithProviders(ui: ReactElement, path = '/') {
  const location = memoryLocation({ path, record: true });
  const result = render(
    <>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
      <Toasts />
    </>,
  );
  return { ...result, location };
}
