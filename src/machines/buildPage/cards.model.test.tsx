import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor, fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { makeStage, makeStagedBuild, makeStep } from '../../../tests/factories';
import { createSettler, leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { neverAnswering, renderWithMachines } from '../../../tests/renderMachine';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { CardItem } from '../../views/buildPage/cards/CardItem';
import { CardsView } from '../../views/buildPage/CardsView';
import {
  CARD_ERROR_TEXT,
  CARD_LOADING_TEXT,
  cardMachine,
  cardsMachine,
  LIST_LOADING_TEXT,
  NO_CARDS_TEXT,
  type CardInput,
  type CardRef,
  type CardRenderer,
} from './cards.machine';

// The card view (docs/spec.md 2.9) walked along the shortest paths of its two machines: the list
// (renderer on demand, cards as the build gains them) through CardsView, and one card (data,
// then template) through CardItem.

const repo = { namespace: 'acme', name: 'api' };
const template = { type: 'AdaptiveCard', version: '1.5', body: [] };
const renderer: CardRenderer = {
  renderCard: () => Object.assign(document.createElement('div'), { textContent: 'the card' }),
};
const card: CardRef = {
  key: '1/4',
  stage: 1,
  step: 4,
  stageName: 'build',
  stepName: 'report',
  schema: '/schemas/tests.json',
};

function buildWith(schemas: string[]): Build {
  return makeStagedBuild(20, 'running', {
    stages: [
      makeStage(1, 'running', {
        name: 'build',
        steps: schemas.map((schema, index) =>
          makeStep(index + 1, 'success', { name: `step-${index + 1}`, schema }),
        ),
      }),
    ],
  });
}

describe('card machine, model-based, through CardItem', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  type Snapshot = SnapshotFrom<typeof cardMachine>;
  const eventsIn: Record<string, AnyEventObject[]> = {
    fetchingData: [
      { type: 'xstate.done.actor.fetchCardData', output: { Passed: 1 } },
      { type: 'xstate.error.actor.fetchCardData', error: new ApiError(404, 'Not Found') },
    ],
    fetchingSchema: [
      { type: 'xstate.done.actor.fetchCardSchema', output: template },
      { type: 'xstate.done.actor.fetchCardSchema', output: '<html></html>' },
      { type: 'xstate.error.actor.fetchCardSchema', error: new ApiError(0, 'Failed to fetch') },
    ],
    ready: [{ type: 'card.renderFailed', message: 'bad template' }],
  };
  const input = { repo, build: 20, card };
  const paths = modelOf(cardMachine, (snapshot: Snapshot) => eventsIn[snapshot.value] ?? [], {
    input,
  }).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(cardMachine, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const calls = createSettler();
      const machine = cardMachine.provide({
        actors: {
          fetchCardData: fromPromise<unknown, CardInput>(() => calls.call()),
          fetchCardSchema: fromPromise<unknown, { url: string }>(() => calls.call()),
        },
      });
      const actor = createActor(machine, { input }).start();
      const location = memoryLocation({ path: '/acme/api/20?view=card' });
      render(
        <Router hook={location.hook}>
          <CardItem repo={repo} build={20} cardRef={actor} renderer={renderer} />
        </Router>,
      );
      const frame = screen.getByRole('region', { name: 'Card of step report' });
      const answer = async ({ event }: { event: AnyEventObject }) => {
        calls.settle(event);
        await act(() => vi.advanceTimersByTimeAsync(0));
      };
      const loading = () => {
        expect(within(frame).getByRole('status')).toHaveTextContent(CARD_LOADING_TEXT);
      };
      await path.test({
        states: {
          fetchingData: loading,
          fetchingSchema: loading,
          ready: () => {
            expect(frame).toHaveTextContent('the card');
          },
          failed: () => {
            expect(within(frame).getByRole('alert')).toHaveTextContent(CARD_ERROR_TEXT);
          },
        },
        events: {
          'xstate.done.actor.fetchCardData': answer,
          'xstate.error.actor.fetchCardData': answer,
          'xstate.done.actor.fetchCardSchema': answer,
          'xstate.error.actor.fetchCardSchema': answer,
          // The renderer's own failure, as CardItem reports it.
          'card.renderFailed': ({ event }) => act(() => void actor.send(event as never)),
        },
      });
      expect(within(frame).getByRole('link', { name: 'Logs' })).toHaveAttribute(
        'href',
        '/acme/api/20/1/4',
      );
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});

describe('cards machine, model-based, through CardsView', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const input = { repo, build: 20, cards: [] as CardRef[] };
  const withCard = buildWith(['/schemas/tests.json']);
  const paths = modelOf(
    cardsMachine,
    [
      { type: 'xstate.done.actor.loadCardRenderer', output: renderer },
      { type: 'xstate.error.actor.loadCardRenderer', error: new Error('chunk failed') },
      { type: 'cards.update', cards: [card] },
    ],
    { input, keyBy: 'value' },
  ).getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(cardsMachine, { paths, input })).toEqual([]);
  });

  for (const path of paths) {
    it(pathName(path), async () => {
      const loader = createSettler();
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const machine = cardsMachine.provide({
        actors: {
          loadCardRenderer: fromPromise<CardRenderer>(() => loader.call()),
          // Each card's own states are the card machine's test.
          cardMachine: neverAnswering(cardMachine),
        },
      });
      // A build with no card yet; cards.update is the build gaining one (new props).
      const ui = (build: Build) => (
        <CardsView repo={repo} build={build} stage={build.stages![0]!} step={undefined} />
      );
      const view = renderWithMachines(ui(buildWith([])), {
        machines: [[cardsMachine, machine]],
        path: '/acme/api/20?view=card',
      });
      const actor = view.actorOf(cardsMachine);
      await path.test({
        states: {
          loading: () => {
            expect(screen.getByRole('status')).toHaveTextContent(LIST_LOADING_TEXT);
          },
          empty: () => {
            expect(screen.getByText(NO_CARDS_TEXT)).toBeInTheDocument();
          },
          showing: () => {
            const list = screen.getByRole('list', { name: 'Adaptive cards' });
            expect(within(list).getByRole('region', { name: 'Card of step step-1' })).toBeVisible();
          },
          // docs/spec.md 8: the renderer could not load.
          failed: () => {
            expect(screen.getByRole('alert')).toHaveTextContent(CARD_ERROR_TEXT);
          },
        },
        events: {
          'xstate.done.actor.loadCardRenderer': async ({ event }) => {
            loader.settle(event);
            await act(() => vi.advanceTimersByTimeAsync(0));
          },
          'xstate.error.actor.loadCardRenderer': async ({ event }) => {
            loader.settle(event);
            await act(() => vi.advanceTimersByTimeAsync(0));
          },
          'cards.update': () => act(() => void view.rerender(ui(withCard))),
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
