import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ErrorBoundary } from './ErrorBoundary';

let broken = false;
function Flaky() {
  if (broken) throw new Error('Cannot read properties of undefined (reading "stages")');
  return <p>Screen content</p>;
}

function renderAt(resetKey: string) {
  const location = memoryLocation({ path: '/acme/api' });
  const ui = (key: string) => (
    <Router hook={location.hook}>
      <ErrorBoundary resetKey={key}>
        <Flaky />
      </ErrorBoundary>
    </Router>
  );
  const result = render(ui(resetKey));
  return { ...result, moveTo: (key: string) => result.rerender(ui(key)) };
}

describe('ErrorBoundary', () => {
  // React reports caught render errors on the console; keep the test output readable.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows the error text with a link home and Try again instead of a blank screen', () => {
    broken = true;
    renderAt('/acme/api');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Cannot read properties of undefined (reading "stages")',
    );
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Screen content')).toBeNull();
  });

  it('remounts the screen on Try again', () => {
    broken = true;
    renderAt('/acme/api');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Screen content')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('clears the error when the location changes', () => {
    broken = true;
    const { moveTo } = renderAt('/acme/api');
    expect(screen.getByRole('alert')).toBeInTheDocument();
    broken = false;
    moveTo('/acme/web');
    expect(screen.getByText('Screen content')).toBeInTheDocument();
  });
});
