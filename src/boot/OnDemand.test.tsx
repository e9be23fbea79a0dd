import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ErrorBoundary } from '../views/shell/ErrorBoundary';
import { code } from './code';
import { onDemand } from './OnDemand';

const Page = ({ name }: { name: string }) => <p>Page of {name}</p>;

/** A load the test settles by hand. */
function deferred() {
  let settle = { resolve: (_: typeof Page) => {}, reject: (_: Error) => {} };
  const load = vi.fn(
    () =>
      new Promise<typeof Page>((resolve, reject) => {
        settle = { resolve, reject };
      }),
  );
  return { load, settle: () => settle };
}

function inBoundary(ui: ReactNode, key = 'a') {
  return (
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <ErrorBoundary resetKey={key}>{ui}</ErrorBoundary>
    </Router>
  );
}

describe('onDemand', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows Loading with its label, then the component with its props once the code arrived', async () => {
    const { load, settle } = deferred();
    const Shown = onDemand(load, 'build.graph.loadingView');
    render(<Shown name="acme" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading graph view...');
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing meanwhile when its label is null (a dialog appears once its code arrived)', async () => {
    const { load, settle } = deferred();
    const Shown = onDemand(load, null);
    const { container } = render(<Shown name="acme" />);
    expect(container).toBeEmptyDOMElement();
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
  });

  it('shows a placeholder component with the same props meanwhile, when given one', async () => {
    const { load, settle } = deferred();
    const Placeholder = ({ name }: { name: string }) => <p>Room for {name}</p>;
    const Shown = onDemand(load, Placeholder);
    render(<Shown name="acme" />);
    expect(screen.getByText('Room for acme')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
    expect(screen.queryByText('Room for acme')).toBeNull();
  });

  /**
   * A component whose code waits for a first screen not shown yet, with a placeholder: onDemand
   * and the latch afresh (tests/setup.ts opened the first latch).
   */
  async function renderBeforeFirstScreen() {
    vi.resetModules();
    const { markFirstScreenShown } = await import('./firstScreen');
    const { onDemand: freshOnDemand } = await import('./OnDemand');
    const { load, settle } = deferred();
    const Placeholder = ({ name }: { name: string }) => <p>Room for {name}</p>;
    const Shown = freshOnDemand(load, Placeholder, { afterFirstScreen: true });
    render(<Shown name="acme" />);
    expect(load).not.toHaveBeenCalled();
    return { load, settle, markFirstScreenShown };
  }

  it('after the first screen, or at once when a pointer comes over the placeholder', async () => {
    const { load, settle, markFirstScreenShown } = await renderBeforeFirstScreen();
    fireEvent.pointerOver(screen.getByText('Room for acme'));
    expect(load).toHaveBeenCalledTimes(1);
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
    // The latch opening later asks for nothing more.
    markFirstScreenShown();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the first screen without a pointer', async () => {
    const { load, settle, markFirstScreenShown } = await renderBeforeFirstScreen();
    markFirstScreenShown();
    expect(load).toHaveBeenCalledTimes(1);
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
  });

  it('renders at once, without Loading, code that was loaded before (at boot)', async () => {
    const page = code(() => Promise.resolve(Page));
    await page();
    const Shown = onDemand(page);
    render(<Shown name="acme" />);
    expect(screen.getByText('Page of acme')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('throws a failed load to the error boundary; the next mount loads again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { load, settle } = deferred();
    const Shown = onDemand(load);
    const view = render(inBoundary(<Shown name="acme" />));
    settle().reject(new Error('Failed to fetch dynamically imported module'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch');
    view.rerender(inBoundary(<Shown name="acme" />, 'b'));
    settle().resolve(Page);
    expect(await screen.findByText('Page of acme')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
