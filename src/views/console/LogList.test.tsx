import { act, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VirtuosoMockContext } from 'react-virtuoso';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import { setupMockServer } from '../../../tests/mockServer';
import type { Line, Stage, Status, Step } from '../../api/types';
import { ESTIMATED_LINE_HEIGHT } from './LogList';
import { plainRowCount } from './PlainRows';
import { StepConsole } from './StepConsole';
import { virtuosoCode } from './virtuosoCode';

// The log list before react-virtuoso has arrived (issue 18, docs/issues.md): it paints the rows
// react-virtuoso would show first, no more, then hands over to it. Every other view test renders
// with the code loaded (tests/setup.ts); here the test decides when it arrives.

const held = vi.hoisted(() => ({ release: () => {}, requested: false }));
vi.mock('./virtuosoCode', async () => {
  const { Virtuoso } = await import('react-virtuoso');
  let arrival: Promise<typeof Virtuoso> | undefined;
  // Not registered with code(): loadAllCode leaves it pending.
  const get = () =>
    (arrival ??= new Promise<typeof Virtuoso>((resolve) => {
      held.requested = true;
      held.release = () => resolve((load.loaded = Virtuoso));
    }));
  const load = Object.assign(get, {
    now: get,
    loaded: undefined as typeof Virtuoso | undefined,
    hold: () => (arrival = undefined),
  });
  return { virtuosoCode: load };
});

const LOGS = '*/api/repos/octocat/hello/builds/:build/logs/:stage/:step';
const STREAM = '*/api/stream/octocat/hello/:build/:stage/:step';
const server = setupMockServer();

beforeEach(() => {
  held.requested = false;
  virtuosoCode.loaded = undefined;
  (virtuosoCode as typeof virtuosoCode & { hold(): void }).hold();
});

const lines = (count: number): Line[] =>
  Array.from({ length: count }, (_, pos) => ({ pos, out: `line ${pos + 1}\n`, time: pos }));

function renderConsole(status: Status, step: Partial<Step> = {}) {
  render(
    // happy-dom has no layout: a 600 px list of 20 px rows for react-virtuoso.
    <VirtuosoMockContext.Provider value={{ viewportHeight: 600, itemHeight: 20 }}>
      <StepConsole
        repo={{ namespace: 'octocat', name: 'hello' }}
        build={makeBuild({ number: 7, status })}
        stage={{ id: 11, number: 1, name: 'default', status } as Stage}
        step={{ id: 301, number: 2, name: 'test', status, exit_code: 0, ...step } as Step}
      />
    </VirtuosoMockContext.Provider>,
  );
}

/** The pos of each row in the DOM, and whether react-virtuoso's list holds it. */
const rows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-pos]')].map((row) => ({
    pos: Number(row.dataset.pos),
    virtual: row.closest('[data-virtuoso-scroller]') !== null,
  }));
const range = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, index) => from + index);

describe('log list before react-virtuoso has arrived', () => {
  // The rows painted plainly: the window's height of them and a margin.
  const SHOWN = plainRowCount(ESTIMATED_LINE_HEIGHT);

  it("paints the tail window's first rows that fill the window plainly, then react-virtuoso takes over", async () => {
    server.use(http.get(LOGS, () => HttpResponse.json(lines(300))));
    renderConsole('success', { stopped: 1700000100 });
    await screen.findByText('line 51');
    // The tail window is lines 51-300; the list starts at its top.
    expect(rows()).toEqual(range(50, 50 + SHOWN).map((pos) => ({ pos, virtual: false })));
    expect(document.querySelector('[data-virtuoso-scroller]')).toBeNull();

    // Asked for once a frame has painted the first rows (boot/firstScreen.ts).
    await waitFor(() => expect(held.requested).toBe(true));
    await act(async () => held.release());
    // react-virtuoso's rows from the same top (600 px and its 400 px margin: 50 rows), and the
    // plain ones gone.
    await waitFor(() => expect(rows()[0]).toEqual({ pos: 50, virtual: true }));
    expect(rows()).toEqual(range(50, 100).map((pos) => ({ pos, virtual: true })));
  });

  it("follows a running step's last lines plainly, then at react-virtuoso's end", async () => {
    let send: (lines: Line[]) => void = () => undefined;
    server.use(
      http.get(STREAM, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (sent) =>
              controller.enqueue(
                new TextEncoder().encode(
                  sent.map((line) => `data: ${JSON.stringify(line)}\n\n`).join(''),
                ),
              );
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    renderConsole('running', { stopped: 0, started: 1700000000 });
    await screen.findByRole('button', { name: 'Following logs' });
    act(() => send(lines(1000)));
    await screen.findByText('line 1000');
    // A thousand lines: the last ones painted.
    expect(rows()).toEqual(range(1000 - SHOWN, 1000).map((pos) => ({ pos, virtual: false })));

    // Asked for once a frame has painted the first rows (boot/firstScreen.ts).
    await waitFor(() => expect(held.requested).toBe(true));
    await act(async () => held.release());
    // react-virtuoso's rows from the same end (600 px and its 400 px margin: 50 rows), and the
    // plain ones gone.
    await waitFor(() => expect(rows()[0]?.virtual).toBe(true));
    expect(rows()).toEqual(range(950, 1000).map((pos) => ({ pos, virtual: true })));
  });

  it('shows a line the address bar names while react-virtuoso is on its way (issue 29 item 3)', async () => {
    window.history.replaceState(null, '', '/octocat/hello/7/1/2');
    server.use(http.get(LOGS, () => HttpResponse.json(lines(1000))));
    renderConsole('success', { stopped: 1700000100 });
    await screen.findByText('line 751');
    // The same URL with #L300, pasted into the address bar.
    act(() => {
      window.location.hash = '#L300';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    // As a fresh load of that URL: every line shown (no tail notice), line 300 among the rows
    // painted, highlighted.
    await waitFor(() => expect(rows().map(({ pos }) => pos)).toContain(299));
    expect(screen.queryByTestId('console-tail')).toBeNull();
    expect(document.querySelector('[data-pos="299"]')).toHaveAttribute('data-selected');
    await waitFor(() => expect(held.requested).toBe(true));
    await act(async () => held.release());
    // react-virtuoso starts where the plain rows were: at line 300.
    await waitFor(() => expect(rows()[0]?.virtual).toBe(true));
    expect(rows().map(({ pos }) => pos)).toContain(299);
    window.history.replaceState(null, '', '/');
  });
});
