import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { makeBuild } from '../../../tests/factories';
import { setupMockServer } from '../../../tests/mockServer';
import { renderWithMachines } from '../../../tests/renderMachine';
import type { Line, Stage, Status, Step } from '../../api/types';
import { LogLines } from '../../logs';
import {
  consoleMachine,
  createFetchStepLogs,
  createStoredLogTail,
} from '../../machines/console/console.machine';
import { StepConsole } from './StepConsole';

// The console against the Node mock server; the logs route is overridden per test so each test
// states exactly the stored log it reads.
const LOGS = '*/api/repos/octocat/hello/builds/:build/logs/:stage/:step';
const STREAM = '*/api/stream/octocat/hello/:build/:stage/:step';
const server = setupMockServer();

const repo = { namespace: 'octocat', name: 'hello' };
const stage = (status: Status, extra: Partial<Stage> = {}) =>
  ({ id: 11, number: 1, name: 'default', status, ...extra }) as Stage;
const step = (status: Status, extra: Partial<Step> = {}) =>
  ({
    id: 301,
    number: 2,
    name: 'test',
    status,
    exit_code: 0,
    stopped: 1700000100,
    ...extra,
  }) as Step;
const lines = (count: number, text = (pos: number) => `line ${pos + 1}\n`): Line[] =>
  Array.from({ length: count }, (_, pos) => ({ pos, out: text(pos), time: pos }));

function serveLog(body: Line[] | null | { status: number; message: string }) {
  server.use(
    http.get(LOGS, () =>
      body && 'status' in body
        ? HttpResponse.json({ message: body.message }, { status: body.status })
        : HttpResponse.json(body),
    ),
  );
}

// happy-dom has no layout: give react-virtuoso a viewport so it renders rows.
const withViewport = (ui: ReactNode) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 6000, itemHeight: 20 }}>
    {ui}
  </VirtuosoMockContext.Provider>
);

function renderConsole(status: Status, extra: { step?: Partial<Step>; stage?: Stage } = {}) {
  const build = makeBuild({ number: 7, status });
  // The console needs no router or session, so it renders without the app's providers.
  return render(
    withViewport(
      <StepConsole
        repo={repo}
        build={build}
        stage={extra.stage ?? stage(status)}
        step={step(status, extra.step)}
      />,
    ),
  );
}

describe('StepConsole', () => {
  it('shows a finished step log with ANSI colours as elements, its footer and download', async () => {
    serveLog([
      { pos: 0, out: '+ npm test\n', time: 0 },
      { pos: 1, out: '\u001b[32mPASS\u001b[39m src/app.test.ts <b>ok</b>\n', time: 3 },
    ]);
    renderConsole('success');
    const pass = await screen.findByText('PASS');
    expect(pass.tagName).toBe('SPAN');
    expect(pass).toHaveStyle({ color: '#3fb950' });
    expect(screen.getByText('src/app.test.ts <b>ok</b>', { exact: false })).toBeInTheDocument();
    expect(document.querySelector('b')).toBeNull();
    expect(screen.getByText('3s')).toBeInTheDocument();
    expect(screen.getByTestId('console-footer')).toHaveTextContent(/^Exit Code 0$/);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Follow logs' })).toBeNull();
  });

  it("shows the last 250 lines, then every line after 'Show all logs'", async () => {
    serveLog(lines(300));
    renderConsole('failure', { step: { exit_code: 2 } });
    await screen.findByText('line 300');
    expect(screen.queryByText('line 50')).toBeNull();
    expect(screen.getByText('line 51')).toBeInTheDocument();
    expect(screen.getByTestId('console-footer')).toHaveTextContent('Exit Code 2');
    expect(screen.getByTestId('console-tail')).toHaveTextContent(
      'Showing the last 250 of 300 lines',
    );
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Show all logs' })));
    await screen.findByText('line 1');
    expect(screen.queryByRole('button', { name: 'Show all logs' })).toBeNull();
    expect(screen.queryByTestId('console-tail')).toBeNull();
  });

  it('shows a long log’s last lines while the rest is read, in the place it then shows them', async () => {
    let sendTail = (_: LogLines) => {};
    let settle = (_: LogLines) => {};
    const machine = consoleMachine.provide({
      actors: {
        fetchStepLogs: createFetchStepLogs(() => new Promise((resolve) => (settle = resolve))),
        storedLogTail: createStoredLogTail((_, watcher) => {
          sendTail = watcher;
          return () => undefined;
        }),
      },
    });
    const build = makeBuild({ number: 7, status: 'success' });
    renderWithMachines(
      withViewport(
        <StepConsole repo={repo} build={build} stage={stage('success')} step={step('success')} />,
      ),
      { machines: [[consoleMachine, machine]] },
    );
    act(() => sendTail(LogLines.from(lines(1_000).slice(700))));
    await screen.findByText('line 1000');
    expect(screen.getByText('line 751')).toBeInTheDocument();
    expect(screen.queryByText('line 750')).toBeNull();
    expect(screen.getByTestId('console-tail')).toHaveTextContent(
      'Showing the last 250 lines, reading the rest…',
    );
    // Both wait for the whole log, in their places.
    expect(screen.getByRole('button', { name: 'Show all logs' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    await act(async () => settle(LogLines.from(lines(1_000))));
    await waitFor(() =>
      expect(screen.getByTestId('console-tail')).toHaveTextContent(
        'Showing the last 250 of 1,000 lines',
      ),
    );
    expect(screen.getByText('line 751')).toBeInTheDocument();
    expect(screen.queryByText('line 750')).toBeNull();
    expect(screen.getByRole('button', { name: 'Show all logs' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Download' })).toBeEnabled();
  });

  it('shows a failed step it landed on only once its first error line is found, at that line', async () => {
    let found = (_: number) => {};
    const machine = consoleMachine.provide({
      actors: {
        fetchStepLogs: createFetchStepLogs(async () => LogLines.from(lines(300))),
        findFirstError: fromPromise<number, { lines: LogLines; wanted: boolean }>(
          () => new Promise((resolve) => (found = resolve)),
        ),
      },
    });
    const build = makeBuild({ number: 7, status: 'failure' });
    renderWithMachines(
      withViewport(
        <StepConsole
          repo={repo}
          build={build}
          stage={stage('failure')}
          step={step('failure', { exit_code: 1 })}
          landOnError
        />,
      ),
      { machines: [[consoleMachine, machine]] },
    );
    // Read, not shown: shown at the top, its rows would then jump to the error.
    await screen.findByTestId('console-tail');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('line 300')).toBeNull();
    act(() => found(40));
    expect(await screen.findByText('line 41')).toBeInTheDocument();
    expect(screen.getByText('line 41').closest('[data-pos]')).toHaveAttribute(
      'data-selected',
      'true',
    ); // The line is in the address (#L41): the next test's page has none.
    window.history.replaceState(null, '', '/');
  });

  it('counts no group marker as a line, in the tail window or its notice', async () => {
    // 1,000 lines: 994 of log and 6 markers (a GitHub group, a GitLab section, a stray end).
    const marker: Record<number, string> = {
      600: '::group::Build',
      700: '::endgroup::',
      800: '::endgroup::',
      850: '\u001b[0Ksection_start:1700000000:deps\r\u001b[0KInstall',
      900: '\u001b[0Ksection_end:1700000042:deps\r\u001b[0K',
      950: '::endgroup::',
    };
    serveLog(lines(1000, (pos) => `${marker[pos] ?? `line ${pos + 1}`}\n`));
    renderConsole('success');
    await screen.findByText('line 1000');
    expect(screen.getByTestId('console-tail')).toHaveTextContent(
      'Showing the last 250 of 994 lines',
    );
    // The last 250 lines of log start 4 entries earlier: 4 markers are among the last 254.
    expect(screen.getByText('line 747')).toBeInTheDocument();
    expect(screen.queryByText('line 746')).toBeNull();
    expect(screen.getByRole('button', { name: 'Install' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Console of step test' })).not.toHaveTextContent(
      /::|section_/,
    );
  });

  it('mounts the log list of a running step before its first line, which then appends', async () => {
    // The stream stays open; the test sends its lines.
    let send: (line: Line) => void = () => undefined;
    server.use(
      http.get(STREAM, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            send = (line) =>
              controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(line)}\n\n`));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    renderConsole('running', { step: { stopped: 0, started: 1700000000 } });
    await waitFor(() => expect(document.querySelector('[data-virtuoso-scroller]')).not.toBeNull());
    expect(document.querySelector('[data-pos]')).toBeNull();
    const list = document.querySelector('[data-virtuoso-scroller]');
    act(() => send({ pos: 0, out: 'first line\n', time: 0 }));
    expect(await screen.findByText('first line')).toBeInTheDocument();
    // The same list took the line: it was not mounted anew.
    expect(document.querySelector('[data-virtuoso-scroller]')).toBe(list);
  });

  // Issue 28 item 4: a line the live stream cannot hold (past 1 MiB) is left out, visibly.
  it('says that the live log left out a line longer than 1 MiB, and goes on after it', async () => {
    let write: (text: string) => void = () => undefined;
    server.use(
      http.get(STREAM, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            write = (text) => controller.enqueue(new TextEncoder().encode(text));
          },
        });
        return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    renderConsole('running', { step: { stopped: 0, started: 1700000000 } });
    await waitFor(() => expect(document.querySelector('[data-virtuoso-scroller]')).not.toBeNull());
    const line = (pos: number, out: string) => `data: ${JSON.stringify({ pos, out, time: 0 })}\n\n`;
    act(() => write(line(0, 'before\n')));
    expect(await screen.findByText('before')).toBeInTheDocument();
    expect(screen.queryByTestId('console-overlong')).toBeNull();
    act(() => {
      write('data: {"pos":1,"out":"');
      for (let sent = 0; sent < 1.5 * (1 << 20); sent += 1 << 16) write('x'.repeat(1 << 16));
      write('"}\n\n');
      write(line(2, 'after\n'));
    });
    expect(await screen.findByText('after')).toBeInTheDocument();
    expect(screen.getByTestId('console-overlong')).toHaveTextContent(
      'A line longer than 1 MiB was left out of the live log',
    );
    expect(screen.getAllByText(/^(before|after)$/)).toHaveLength(2);
  });

  it('shows that a successful step printed nothing', async () => {
    serveLog(null);
    renderConsole('success');
    expect(await screen.findByText('default - test: success')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).toBeNull();
  });

  it('puts the console in error with the server message and Retry when the log call fails', async () => {
    serveLog({ status: 500, message: 'database is locked' });
    renderConsole('success');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to load the log: database is locked',
    );
    // No exit code under a log that could not be read.
    expect(screen.queryByTestId('console-footer')).toBeNull();
    expect(screen.getByRole('region', { name: 'Console of step test' })).not.toHaveTextContent(
      'Exit Code',
    );
    serveLog(lines(2));
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('line 2')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('console-footer')).toHaveTextContent('Exit Code 0');
  });

  it('shows the stage error above the logs and the step status texts', async () => {
    renderConsole('error', {
      stage: stage('error', { error: 'Error response from daemon: pull access denied' }),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('pull access denied');
    expect(screen.getByTestId('console-footer')).toHaveTextContent('pull access denied');
  });

  it.each([
    ['pending', {}, 'Step is pending'],
    ['killed', {}, 'Step is killed (canceled)'],
    ['skipped', {}, 'Skipped'],
    ['skipped', { error: 'depends on a failed step' }, 'Skipped due to error'],
  ] as const)('shows the footer of a %s step', async (status, extra, text) => {
    serveLog(null);
    renderConsole(status, { step: extra });
    await waitFor(() => expect(screen.getByTestId('console-footer').textContent).toBe(text));
  });
});
