import { fireEvent, render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Build, Line, Status } from '../../api/types';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { setupMockServer } from '../../../tests/mockServer';
import { LogDiffPanel } from './LogDiffPanel';

// The panel against the Node mock server: each test says which builds and logs it serves.
const server = setupMockServer();
const API = '*/api/repos/acme/api';
const repo = { namespace: 'acme', name: 'api' };

const built = (number: number, status: Status, fields: Partial<Build> = {}) =>
  makeBuild({
    number,
    status,
    message: `Commit ${number}\n\nbody`,
    stages: [
      makeStage(1, status, {
        name: 'build',
        steps: [makeStep(1, 'success', { name: 'clone' }), makeStep(2, status, { name: 'test' })],
      }),
    ],
    ...fields,
  });

const failed = built(150, 'failure');
const log = (texts: string[]): Line[] =>
  texts.map((out, pos) => ({ pos, out: `${out}\n`, time: pos }));
const GREEN = Array.from({ length: 30 }, (_, k) => `ok pkg${k} 0.${k}s /tmp/go-build${k}a1b2c3/x`);
const RED = [...GREEN.slice(0, 20), '--- FAIL: TestOrders (0.01s)', 'FAIL', ...GREEN.slice(20)].map(
  (text) => text.replace(/0\.(\d)s/, '1.$1s').replace('a1b2c3', 'ffee99'),
);
const LOGS: Record<string, Line[]> = {
  140: log(GREEN),
  138: log(['only one line']),
  150: log(RED),
};

function serve(list: Build[] | { status: number; message: string }) {
  const requests: string[] = [];
  server.use(
    http.get(`${API}/builds`, ({ request }) => {
      requests.push(`page ${new URL(request.url).searchParams.get('page')}`);
      return 'status' in list
        ? HttpResponse.json({ message: list.message }, { status: list.status })
        : HttpResponse.json(list);
    }),
    http.get(`${API}/builds/:number`, ({ params }) => {
      requests.push(`build ${String(params.number)}`);
      return HttpResponse.json(built(Number(params.number), 'success'));
    }),
    http.get(`${API}/builds/:number/logs/:stage/:step`, ({ params }) =>
      HttpResponse.json(LOGS[String(params.number)] ?? null),
    ),
  );
  return requests;
}

function renderPanel(build = failed) {
  const stage = build.stages![0]!;
  return render(<LogDiffPanel repo={repo} build={build} stage={stage} step={stage.steps![1]!} />);
}

const open = async () =>
  fireEvent.click(await screen.findByRole('button', { name: 'Compare with the last green build' }));

describe('LogDiffPanel', () => {
  it('is not offered for a step that passed', () => {
    const { container } = renderPanel(built(150, 'success'));
    expect(container).toBeEmptyDOMElement();
  });

  it('shows what changed since the last green build, with both sides linked to their lines', async () => {
    const requests = serve([built(149, 'failure'), built(140, 'success'), built(138, 'success')]);
    renderPanel();
    await open();
    expect(await screen.findByTestId('log-diff-summary')).toHaveTextContent(
      '2 lines added, 0 removed, against build #140',
    );
    expect(requests).toEqual(['page 1', 'build 140']);
    // Times, durations and temporary paths differ on every line; none shows as a change.
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .filter((row) => row.textContent?.includes('+')),
    ).toHaveLength(2);
    expect(table).toHaveTextContent('17 unchanged lines');
    expect(table).toHaveTextContent('7 unchanged lines');
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('First new error:line 21--- FAIL: TestOrders (0.01s)');
    expect(within(note).getByRole('link', { name: 'line 21' })).toHaveAttribute(
      'href',
      '/acme/api/150/1/2#L21',
    );
    expect(screen.getByRole('link', { name: 'Line 21 of build #150' })).toHaveAttribute(
      'href',
      '/acme/api/150/1/2#L21',
    );
    expect(screen.getByRole('link', { name: 'Line 18 of build #140' })).toHaveAttribute(
      'href',
      '/acme/api/140/1/2#L18',
    );
  });

  it('compares with another build of the branch when one is picked', async () => {
    const requests = serve([built(149, 'failure'), built(140, 'success'), built(138, 'success')]);
    renderPanel();
    await open();
    await screen.findByTestId('log-diff-summary');
    const picker = screen.getByLabelText('Compare with');
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '#149 · failure · Commit 149',
      '#140 · success · Commit 140',
      '#138 · success · Commit 138',
    ]);
    fireEvent.change(picker, { target: { value: '138' } });
    expect(await screen.findByTestId('log-diff-summary')).toHaveTextContent(
      `${RED.length} lines added, 1 removed, against build #138`,
    );
    expect(requests.at(-1)).toBe('build 138');
  });

  it('says when the branch has no green build to compare with', async () => {
    serve([built(149, 'failure')]);
    renderPanel();
    await open();
    expect(await screen.findByText('No successful build of main to compare with')).toBeVisible();
  });

  it("shows the server's message when the builds cannot be listed, and tries again", async () => {
    serve({ status: 500, message: 'database is locked' });
    renderPanel();
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent('database is locked');
    serve([built(140, 'success')]);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('log-diff-summary')).toBeVisible();
  });

  it('closes back to its button', async () => {
    serve([built(140, 'success')]);
    renderPanel();
    await open();
    await screen.findByTestId('log-diff-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByRole('button', { name: 'Compare with the last green build' }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
