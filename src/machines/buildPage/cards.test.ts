import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import {
  cardMachine,
  cardsMachine,
  cardsOf,
  CARD_ERROR_TEXT,
  CARD_LOADING_TEXT,
  LIST_LOADING_TEXT,
  NO_CARDS_TEXT,
  selectCardChildren,
  selectCardsState,
  selectCardState,
  type CardRef,
  type CardRenderer,
} from './cards.machine';

const repo = { namespace: 'acme', name: 'api' };
const template = { type: 'AdaptiveCard', version: '1.5', body: [] };
const card = (stage: number, step: number, schema = '/schemas/tests.json'): CardRef => ({
  key: `${stage}/${step}`,
  stage,
  step,
  stageName: 'build',
  stepName: `step-${step}`,
  schema,
});
const renderer: CardRenderer = { renderCard: () => document.createElement('div') };

function startCards(
  cards: CardRef[],
  {
    loadCardRenderer = async () => renderer,
    fetchCardData = async () => ({ Passed: 18 }),
    fetchCardSchema = async (): Promise<unknown> => template,
  }: {
    loadCardRenderer?: () => Promise<CardRenderer>;
    fetchCardData?: (input: { card: CardRef }) => Promise<unknown>;
    fetchCardSchema?: (input: { url: string }) => Promise<unknown>;
  } = {},
) {
  const child = cardMachine.provide({
    actors: {
      fetchCardData: fromPromise(({ input }) => fetchCardData(input as { card: CardRef })),
      fetchCardSchema: fromPromise(({ input }) => fetchCardSchema(input as { url: string })),
    },
  });
  const machine = cardsMachine.provide({
    actors: { loadCardRenderer: fromPromise(loadCardRenderer), cardMachine: child },
  });
  return createActor(machine, { input: { repo, build: 20, cards } }).start();
}

const childStates = (actor: ReturnType<typeof startCards>) =>
  selectCardChildren(actor.getSnapshot()).map((child) => selectCardState(child.ref.getSnapshot()));

describe('cards machine (docs/spec.md 2.9, 7.2, 8)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the texts of docs/spec.md 2.9', () => {
    expect([LIST_LOADING_TEXT, NO_CARDS_TEXT, CARD_LOADING_TEXT, CARD_ERROR_TEXT]).toEqual([
      'LOADING...',
      'NO ADAPTIVE CARDS FOUND',
      'CARD LOADING...',
      'CARD ERROR',
    ]);
  });

  it('lists the steps that have a schema, in stage and step order', () => {
    const build = {
      stages: [
        {
          number: 1,
          name: 'build',
          steps: [
            { number: 1, name: 'clone' },
            { number: 4, name: 'test', schema: '/t.json' },
          ],
        },
        { number: 2, name: 'publish', steps: [{ number: 2, name: 'docker', schema: '/d.json' }] },
      ],
    } as unknown as Build;
    expect(cardsOf(build).map((ref) => [ref.key, ref.stepName, ref.schema])).toEqual([
      ['1/4', 'test', '/t.json'],
      ['2/2', 'docker', '/d.json'],
    ]);
  });

  it('shows LOADING... until the renderer loads, then NO ADAPTIVE CARDS FOUND', async () => {
    const actor = startCards([]);
    expect(selectCardsState(actor.getSnapshot())).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCardsState(actor.getSnapshot())).toBe('empty');
  });

  it('fetches the card data, then the schema, and is ready with both', async () => {
    const order: string[] = [];
    const actor = startCards([card(1, 4)], {
      fetchCardData: async ({ card: ref }) => {
        order.push(`data ${ref.key}`);
        return { Passed: 18 };
      },
      fetchCardSchema: async ({ url }) => {
        order.push(`schema ${url}`);
        return template;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCardsState(actor.getSnapshot())).toBe('showing');
    expect(order).toEqual(['data 1/4', 'schema /schemas/tests.json']);
    const [child] = selectCardChildren(actor.getSnapshot());
    expect(child?.ref.getSnapshot().value).toBe('ready');
    expect(child?.ref.getSnapshot().context).toMatchObject({ data: { Passed: 18 }, template });
  });

  it('shows CARD ERROR for a failing schema fetch, without affecting the other cards', async () => {
    const actor = startCards([card(1, 4, '/ok.json'), card(2, 2, '/missing.json')], {
      fetchCardSchema: async ({ url }) => {
        if (url === '/missing.json') throw new ApiError(404, 'sql: no rows in result set');
        return template;
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(childStates(actor)).toEqual(['ready', 'failed']);
    const failed = selectCardChildren(actor.getSnapshot())[1]?.ref.getSnapshot();
    expect(failed?.context.error).toBe('sql: no rows in result set');
  });

  it('shows CARD ERROR for failing card data and for a schema that is not a card', async () => {
    const actor = startCards([card(1, 1), card(1, 2, '/html')], {
      fetchCardData: async ({ card: ref }) => {
        if (ref.step === 1) throw new ApiError(404, 'sql: no rows in result set');
        return {};
      },
      fetchCardSchema: async () => '<html>not a card</html>',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(childStates(actor)).toEqual(['failed', 'failed']);
  });

  it('turns a card the renderer rejects into CARD ERROR', async () => {
    const actor = startCards([card(1, 4)]);
    await vi.advanceTimersByTimeAsync(0);
    const child = selectCardChildren(actor.getSnapshot())[0]!.ref;
    child.send({ type: 'card.renderFailed', message: 'bad template' });
    expect(child.getSnapshot().value).toBe('failed');
    expect(child.getSnapshot().context.error).toBe('bad template');
  });

  it('adds cards that appear while the build runs and keeps the ones shown', async () => {
    const fetchCardData = vi.fn(async () => ({}));
    const actor = startCards([], { fetchCardData });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCardsState(actor.getSnapshot())).toBe('empty');
    actor.send({ type: 'cards.update', cards: [card(1, 4)] });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'cards.update', cards: [card(1, 4), card(2, 2)] });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCardsState(actor.getSnapshot())).toBe('showing');
    expect(childStates(actor)).toEqual(['ready', 'ready']);
    expect(fetchCardData).toHaveBeenCalledTimes(2);
  });

  it('fails the whole list when the renderer cannot load', async () => {
    const actor = startCards([card(1, 4)], {
      loadCardRenderer: async () => {
        throw new Error('Failed to fetch dynamically imported module');
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCardsState(actor.getSnapshot())).toBe('failed');
  });
});

// The card machine's model-based test, through CardItem, is in cards.model.test.tsx.
