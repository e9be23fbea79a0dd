import { render, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { makeStagedBuild as makeBuild, makeStage, makeStep } from '../../../../tests/factories';
import { setupMockServer } from '../../../../tests/mockServer';
import type { Build } from '../../../api/types';
import { CardsView } from '../CardsView';

// The card view against the Node mock server; the card data and template routes are stated per
// test. adaptivecards renders for real into happy-dom.

const repo = { namespace: 'octocat', name: 'hello-world' };
const CARD = '*/api/repos/octocat/hello-world/cards/7/:stage/:step';
const SCHEMA = '*/schemas/:file';
const server = setupMockServer();

const template = {
  type: 'AdaptiveCard',
  version: '1.5',
  body: [
    { type: 'TextBlock', text: 'Test report for ${Suite}', weight: 'Bolder' },
    { type: 'FactSet', facts: [{ title: 'Passed', value: '${Passed}' }] },
    {
      type: 'RichTextBlock',
      inlines: [
        {
          type: 'TextRun',
          text: 'Details',
          selectAction: { type: 'Action.OpenUrl', url: '${Link}' },
        },
      ],
    },
  ],
};

function buildWithCards(...schemas: Array<string | undefined>): Build {
  return makeBuild(7, 'success', {
    stages: [
      makeStage(1, 'success', {
        name: 'build',
        steps: schemas.map((schema, index) =>
          makeStep(index + 1, 'success', { name: `step-${index + 1}`, schema }),
        ),
      }),
    ],
  });
}

function renderCards(build: Build) {
  const location = memoryLocation({ path: '/octocat/hello-world/7?view=card' });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {children}
    </Router>
  );
  const stage = build.stages![0]!;
  return render(<CardsView repo={repo} build={build} stage={stage} step={stage.steps?.[0]} />, {
    wrapper,
  });
}

describe('CardsView (docs/spec.md 2.9)', () => {
  it('shows LOADING..., then NO ADAPTIVE CARDS FOUND for a build without cards', async () => {
    renderCards(buildWithCards(undefined));
    expect(screen.getByText('LOADING...')).toBeInTheDocument();
    expect(await screen.findByText('NO ADAPTIVE CARDS FOUND')).toBeInTheDocument();
  });

  it('shows CARD LOADING..., then the template expanded with the data, as plain text', async () => {
    server.use(
      http.get(CARD, async () => {
        await delay(150);
        return HttpResponse.json({
          Suite: '<img src=x onerror="alert(1)">unit',
          Passed: 18,
          Link: 'javascript:alert(1)',
        });
      }),
      http.get(SCHEMA, () => HttpResponse.json(template)),
    );
    renderCards(buildWithCards('/schemas/tests.json'));
    expect(await screen.findByText('CARD LOADING...')).toBeInTheDocument();
    const card = await screen.findByTestId('adaptive-card');
    expect(
      await within(card).findByText('Test report for <img src=x onerror="alert(1)">unit'),
    ).toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
    expect(within(card).getByText('18')).toBeInTheDocument();
    // The link made from the data lost its javascript: URL.
    const link = within(card).getByText('Details');
    expect(link.tagName).toBe('A');
    expect(link).not.toHaveAttribute('href');
    expect(screen.queryByText('CARD LOADING...')).toBeNull();
  });

  it('shows CARD ERROR for a failing schema without hiding the other cards', async () => {
    server.use(
      http.get(CARD, ({ params }) => HttpResponse.json({ Suite: `suite ${String(params.step)}` })),
      http.get(SCHEMA, ({ params }) =>
        params.file === 'missing.json'
          ? HttpResponse.json({ message: 'Not Found' }, { status: 404 })
          : HttpResponse.json(template),
      ),
    );
    renderCards(buildWithCards('/schemas/tests.json', '/schemas/missing.json'));
    const broken = await screen.findByRole('region', { name: 'Card of step step-2' });
    expect(await within(broken).findByText('CARD ERROR')).toBeInTheDocument();
    const good = screen.getByRole('region', { name: 'Card of step step-1' });
    expect(await within(good).findByText('Test report for suite 1')).toBeInTheDocument();
  });

  it('shows CARD ERROR when the card data cannot be fetched', async () => {
    server.use(
      http.get(CARD, () =>
        HttpResponse.json({ message: 'sql: no rows in result set' }, { status: 404 }),
      ),
      http.get(SCHEMA, () => HttpResponse.json(template)),
    );
    renderCards(buildWithCards('/schemas/tests.json'));
    expect(await screen.findByText('CARD ERROR')).toBeInTheDocument();
  });
});
