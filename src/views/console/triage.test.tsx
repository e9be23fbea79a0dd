import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { setupMockServer } from '../../../tests/mockServer';
import type { Line } from '../../api/types';
import { FailureSummary } from '../buildPage/FailureSummary';
import { StepConsole } from './StepConsole';

// The failure summary and the annotation list (issue 30 items 2, 3) against the Node mock
// server, each failed step's stored log stated by the test.
const LOGS = '*/api/repos/octocat/hello/builds/:build/logs/:stage/:step';
const server = setupMockServer();
const repo = { namespace: 'octocat', name: 'hello' };

const lines = (texts: string[], firstPos = 0): Line[] =>
  texts.map((text, k) => ({ pos: firstPos + k, out: `${text}\n`, time: k }));

function serveLogs(logs: Record<string, Line[]>) {
  server.use(
    http.get(LOGS, ({ params }) => HttpResponse.json(logs[`${params.stage}/${params.step}`] ?? [])),
  );
}

const withViewport = (ui: ReactNode) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 6000, itemHeight: 20 }}>
    {ui}
  </VirtuosoMockContext.Provider>
);

const GO_LOG = [
  '+ go test ./...',
  '--- FAIL: TestOrders (0.01s)',
  '::warning file=go.mod,line=3::old toolchain',
  '--- FAIL: TestOrders (0.01s)',
  'panic: boom',
];

describe('failure summary', () => {
  it('lists the failed steps with exit code, hint, truncation and error line links; the errors as banners', async () => {
    serveLogs({ '1/1': lines(GO_LOG, 900), '2/1': lines(['/bin/sh: make: not found']) });
    const build = makeBuild({
      number: 7,
      status: 'failure',
      error: '',
      stages: [
        makeStage(1, 'failure', {
          name: 'go',
          steps: [
            makeStep(1, 'failure', { name: 'test', exit_code: 137, started: 100, stopped: 163 }),
          ],
        }),
        makeStage(2, 'failure', {
          name: 'tools',
          steps: [
            makeStep(1, 'failure', { name: 'lint', exit_code: 127 }),
            makeStep(2, 'failure', { name: 'audit', exit_code: 1, errignore: true }),
          ],
        }),
        makeStage(3, 'error', { name: 'publish', error: 'pull access denied', steps: [] }),
      ],
    });
    render(<FailureSummary repo={repo} build={build} />);
    const summary = await screen.findByRole('region', { name: 'Why it failed' });
    await within(summary).findByRole('button', { name: 'Copy as Markdown' });
    const steps = within(summary).getAllByTestId('failed-step');
    expect(steps.map((step) => within(step).getByRole('link', { name: /›/ }).textContent)).toEqual([
      'go › test',
      'tools › lint',
    ]);
    expect(steps[0]).toHaveTextContent('Exit code 137');
    expect(steps[0]).toHaveTextContent('1m 03s');
    expect(within(steps[0]!).getByTestId('exit-hint')).toHaveTextContent(
      'Killed (SIGKILL): often out of memory.',
    );
    expect(within(steps[0]!).getByTestId('summary-truncated')).toHaveTextContent(
      'Log truncated: the runner dropped its first 900 lines.',
    );
    const links = within(steps[0]!).getAllByRole('link', { name: /^Line/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/octocat/hello/7/1/1#L902',
      '/octocat/hello/7/1/1#L905',
    ]);
    expect(within(steps[1]!).getByTestId('exit-hint')).toHaveTextContent('Command not found');
    expect(within(steps[1]!).getByRole('link', { name: /make: not found/ })).toBeInTheDocument();
    expect(within(summary).getByTestId('stage-error')).toHaveTextContent(
      'Stage publish could not run' + 'pull access denied',
    );
  });

  it("shows the build's own error (a YAML error) as a banner", async () => {
    const build = makeBuild({
      number: 8,
      status: 'error',
      error: 'yaml: line 23: did not find expected key',
      stages: [],
    });
    render(<FailureSummary repo={repo} build={build} />);
    expect(await screen.findByTestId('build-error')).toHaveTextContent(
      'The pipeline could not run' + 'yaml: line 23: did not find expected key',
    );
  });

  it('renders nothing for a green build', () => {
    const { container } = render(
      <FailureSummary
        repo={repo}
        build={makeBuild({ number: 9, status: 'success', stages: [] })}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('annotation list', () => {
  it('lists the log annotations once each with counts, and goes to one on a click', async () => {
    serveLogs({ '1/2': lines(GO_LOG) });
    const step = makeStep(2, 'failure', { name: 'test', exit_code: 1, stopped: 1_700_000_100 });
    const build = makeBuild({ number: 7, status: 'failure' });
    render(
      withViewport(
        <StepConsole
          repo={repo}
          build={build}
          stage={makeStage(1, 'failure', { steps: [step] })}
          step={step}
        />,
      ),
    );
    const list = await screen.findByRole('region', { name: 'Annotations' });
    await within(list).findByText('2 errors · 1 warning · 0 notices');
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['#L2', '#L3', '#L5']);
    expect(items[0]).toHaveTextContent('×2');
    // The command text is hidden in the log: the line shows its message.
    await waitFor(() =>
      expect(document.querySelector('[data-pos="2"]')).toHaveTextContent(/^3old toolchain/),
    );
    fireEvent.click(items[2]!);
    expect(items[2]).toHaveAttribute('aria-current', 'true');
    expect(window.location.hash).toBe('#L5');
  });
});
