import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it } from 'vitest';
import { makeBuild } from '../../../tests/factories';
import { loadCatalog, showLanguage } from '../../i18n/load';
import { setupMockServer } from '../../../tests/mockServer';
import type { Line, Stage, Step } from '../../api/types';
import { StepConsole } from './StepConsole';

// The console's reading tools against the Node mock server (the stored log is overridden per
// test): groups, links, search, permalinks and timestamps.

const LOGS = '*/api/repos/octocat/hello/builds/:build/logs/:stage/:step';
const server = setupMockServer();
afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const ESC = '\u001b';
const stage = { id: 11, number: 1, name: 'default', status: 'success' } as Stage;
const step = {
  id: 301,
  number: 2,
  name: 'test',
  status: 'success',
  exit_code: 0,
  started: 1_700_000_000,
  stopped: 1_700_000_100,
} as Step;

function serve(texts: string[]) {
  const lines: Line[] = texts.map((text, pos) => ({ pos, out: `${text}\n`, time: pos }));
  server.use(http.get(LOGS, () => HttpResponse.json(lines)));
}

async function renderConsole(texts: string[]) {
  renderRows(texts);
  await screen.findByText('Console Logs');
  await waitFor(() => expect(document.querySelector('[data-pos]')).not.toBeNull());
  return screen.getByRole('region', { name: 'Console of step test' });
}

function renderRows(texts: string[]) {
  serve(texts);
  render(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 20000, itemHeight: 20 }}>
      <StepConsole
        repo={{ namespace: 'octocat', name: 'hello' }}
        build={makeBuild({ number: 7, status: 'success' })}
        stage={stage}
        step={step}
      />
    </VirtuosoMockContext.Provider>,
  );
}

describe('log viewer', () => {
  it('folds a group into its title line and unfolds it', async () => {
    const console = await renderConsole(['before', '::group::Install', 'npm ci', '::endgroup::']);
    const toggle = within(console).getByRole('button', { name: 'Install' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(console).queryByText('npm ci')).toBeNull();
    // The end marker is not a line of the group.
    expect(within(console).getByText(/· 1 line$/)).toBeInTheDocument();
    act(() => fireEvent.click(toggle));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(console).getByText('npm ci')).toBeInTheDocument();
    // Unfolded, the markers still never show as lines.
    expect(console.querySelector('[data-pos="3"]')).toBeNull();
    expect(console).not.toHaveTextContent('::');
    act(() => fireEvent.click(within(console).getByRole('button', { name: 'Collapse all' })));
    expect(within(console).queryByText('npm ci')).toBeNull();
  });

  it("copies the log as it reads: a group's header, no marker lines (issue 29 item 5)", async () => {
    const console = await renderConsole([
      'before',
      '::group::Install',
      'npm ci',
      '::endgroup::',
      'after',
    ]);
    fireEvent.click(within(console).getByRole('button', { name: 'Copy log' }));
    await within(console).findByRole('button', { name: 'Copied' });
    expect(await navigator.clipboard.readText()).toBe('before\nInstall\nnpm ci\nafter');
  });

  it('links http(s) URLs and safe OSC 8 targets, never javascript:', async () => {
    const console = await renderConsole([
      'see https://example.com/docs.',
      `${ESC}]8;;https://ci.example/run${ESC}\\the run${ESC}]8;;${ESC}\\`,
      `${ESC}]8;;javascript:alert(1)${ESC}\\click me${ESC}]8;;${ESC}\\ javascript:alert(2)`,
    ]);
    const link = within(console).getByRole('link', { name: 'https://example.com/docs' });
    expect(link).toHaveAttribute('href', 'https://example.com/docs');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(console).getByRole('link', { name: 'the run' })).toHaveAttribute(
      'href',
      'https://ci.example/run',
    );
    expect(
      within(console)
        .getByText(/^click me/)
        .closest('a'),
    ).toBeNull();
    expect(console.querySelector('a[href^="javascript:" i]')).toBeNull();
  });

  it('opens the search with Ctrl+F, finds a line outside the 250 shown and closes on Escape', async () => {
    const texts = Array.from({ length: 400 }, (_, index) => `line ${index + 1}`);
    texts[9] = `${ESC}[31mneed${ESC}[0mle in line 10`;
    const console = await renderConsole(texts);
    expect(within(console).queryByText('line 11')).toBeNull();
    act(() => fireEvent.keyDown(console, { key: 'f', ctrlKey: true }));
    const box = within(console).getByRole('searchbox', { name: 'Search logs' });
    expect(box).toHaveFocus();
    act(() => fireEvent.change(box, { target: { value: 'needle' } }));
    await waitFor(() =>
      expect(within(console).getByTestId('search-count')).toHaveTextContent('1 of 1'),
    );
    const row = await waitFor(() => {
      const found = console.querySelector('[data-pos="9"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(row.querySelector('mark[data-current]')?.textContent).toBe('need');
    act(() => fireEvent.keyDown(box, { key: 'Escape' }));
    expect(within(console).queryByRole('searchbox')).toBeNull();
  });

  it('explains an invalid regular expression', async () => {
    const console = await renderConsole(['a', 'b']);
    act(() => fireEvent.click(within(console).getByRole('button', { name: 'Search' })));
    act(() => fireEvent.click(within(console).getByRole('button', { name: 'Regular expression' })));
    act(() =>
      fireEvent.change(within(console).getByRole('searchbox'), { target: { value: '(a' } }),
    );
    expect(within(console).getByRole('alert')).toHaveTextContent(
      /^Invalid regular expression: Unterminated group$/,
    );
  });

  it('selects a line and, with Shift, a range into the address bar', async () => {
    const console = await renderConsole(['a', 'b', 'c', 'd']);
    act(() => fireEvent.click(within(console).getByRole('link', { name: 'Line 2' })));
    expect(window.location.hash).toBe('#L2');
    act(() =>
      fireEvent.click(within(console).getByRole('link', { name: 'Line 4' }), { shiftKey: true }),
    );
    expect(window.location.hash).toBe('#L2-L4');
    expect(console.querySelectorAll('[data-selected]')).toHaveLength(3);
  });

  it('switches to wall-clock times and remembers the choice', async () => {
    const console = await renderConsole(['a']);
    const cell = () => console.querySelector('[data-pos="0"] [data-time]')!;
    const time = () => cell().textContent;
    expect(time()).toBe('0s');
    // Either way, hovering tells the date, the time and the time zone.
    const title = cell().getAttribute('title');
    expect(title).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+/);
    act(() => fireEvent.click(within(console).getByRole('button', { name: 'Clock time' })));
    expect(time()).toMatch(/^\d\d:\d\d:\d\d$/);
    expect(cell().getAttribute('title')).toBe(title);
    expect(localStorage.getItem('drone-console:log-view')).toContain('"clock"');
  });

  it('writes line times as every other duration is written, in the chosen language', async () => {
    await loadCatalog('zh-CN');
    act(() => showLanguage('zh-CN'));
    try {
      const texts = Array.from({ length: 70 }, (_, index) => `line ${index}`);
      renderRows(texts);
      const time = (pos: number) =>
        document.querySelector(`[data-pos="${pos}"] [data-time]`)?.textContent;
      await waitFor(() => expect(time(3)).toBe('3秒'));
      expect(time(65)).toBe('1分钟05秒');
    } finally {
      act(() => showLanguage('en'));
    }
  });
});
