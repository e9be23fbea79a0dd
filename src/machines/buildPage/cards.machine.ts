import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { fetchCardData, fetchCardSchema } from '../../api/builds';
import type { ApiError } from '../../api/client';
import type { RepoRef } from '../../api/repos';
import type { Build } from '../../api/types';

// docs/spec.md 2.9 / 7.2 / 8 adaptive cards view. The list shows 'LOADING...' while the card renderer
// loads (adaptivecards is loaded on demand), then 'NO ADAPTIVE CARDS FOUND' or one card per step
// with a `schema`. Each card is a child machine: its data, then its template (the schema URL),
// shown as 'CARD LOADING...' until both arrive and 'CARD ERROR' when either fails.

export const LIST_LOADING_TEXT = 'LOADING...';
export const NO_CARDS_TEXT = 'NO ADAPTIVE CARDS FOUND';
export const CARD_LOADING_TEXT = 'CARD LOADING...';
export const CARD_ERROR_TEXT = 'CARD ERROR';

/** docs/drone-api.md 3.10's adaptive card reference, with the names the view shows. */
export interface CardRef {
  key: string;
  stage: number;
  step: number;
  stageName: string;
  stepName: string;
  schema: string;
}

/** The part of the renderer module (src/cards/renderCard.ts) the view calls. */
export interface CardRenderer {
  renderCard: (template: unknown, data: unknown) => HTMLElement;
}

/** Every step of the build that uploaded a card, in stage then step order. */
export function cardsOf(build: Build): CardRef[] {
  return (build.stages ?? []).flatMap((stage) =>
    (stage.steps ?? [])
      .filter((step) => Boolean(step.schema))
      .map((step) => ({
        key: `${stage.number}/${step.number}`,
        stage: stage.number,
        step: step.number,
        stageName: stage.name,
        stepName: step.name,
        schema: step.schema ?? '',
      })),
  );
}

const messageOf = (event: unknown) =>
  (event as { error?: ApiError | Error }).error?.message ?? 'Unknown error';

/** A template is a JSON object describing an AdaptiveCard; anything else cannot render. */
const isCardTemplate = (value: unknown) =>
  typeof value === 'object' &&
  value !== null &&
  (value as { type?: unknown }).type === 'AdaptiveCard';

export interface CardInput {
  repo: RepoRef;
  build: number;
  card: CardRef;
}

interface CardContext extends CardInput {
  data: unknown;
  template: unknown;
  error: string | null;
}

export const cardMachine = setup({
  types: {
    context: {} as CardContext,
    input: {} as CardInput,
    events: {} as { type: 'card.renderFailed'; message: string },
  },
  actors: {
    fetchCardData: fromPromise<unknown, CardInput>(({ input }) =>
      fetchCardData(input.repo, input.build, input.card.stage, input.card.step),
    ),
    fetchCardSchema: fromPromise<unknown, { url: string }>(({ input }) =>
      fetchCardSchema(input.url),
    ),
  },
  guards: {
    isCardTemplate: ({ event }) => isCardTemplate((event as { output?: unknown }).output),
  },
  actions: {
    assignError: assign({ error: ({ event }) => messageOf(event) }),
  },
}).createMachine({
  id: 'card',
  context: ({ input }) => ({ ...input, data: null, template: null, error: null }),
  initial: 'fetchingData',
  states: {
    fetchingData: {
      invoke: {
        id: 'fetchCardData',
        src: 'fetchCardData',
        input: ({ context }) => ({ repo: context.repo, build: context.build, card: context.card }),
        onDone: {
          target: 'fetchingSchema',
          actions: assign({ data: ({ event }) => event.output }),
        },
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    fetchingSchema: {
      invoke: {
        id: 'fetchCardSchema',
        src: 'fetchCardSchema',
        input: ({ context }) => ({ url: context.card.schema }),
        onDone: [
          {
            guard: 'isCardTemplate',
            target: 'ready',
            actions: assign({ template: ({ event }) => event.output }),
          },
          {
            target: 'failed',
            actions: assign({ error: 'The card schema is not an adaptive card template' }),
          },
        ],
        onError: { target: 'failed', actions: 'assignError' },
      },
    },
    ready: {
      on: {
        // The template expanded or rendered badly: only the renderer can tell.
        'card.renderFailed': {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.message }),
        },
      },
    },
    failed: {},
  },
});

export type CardActorRef = ActorRefFrom<typeof cardMachine>;

export interface CardsInput {
  repo: RepoRef;
  build: number;
  cards: CardRef[];
}

interface CardsContext extends CardsInput {
  renderer: CardRenderer | null;
  children: Array<{ card: CardRef; ref: CardActorRef }>;
}

export type CardsEvent = { type: 'cards.update'; cards: CardRef[] };

export const cardsMachine = setup({
  types: {
    context: {} as CardsContext,
    input: {} as CardsInput,
    events: {} as CardsEvent,
  },
  actors: {
    cardMachine,
    loadCardRenderer: fromPromise<CardRenderer>(() => import('../../cards/renderCard')),
  },
  guards: {
    hasCards: ({ context }) => context.cards.length > 0,
  },
  actions: {
    assignCards: assign({ cards: ({ event }) => event.cards }),
    // A live build can gain cards; the cards already shown keep their state.
    spawnNewCards: assign({
      children: ({ context, spawn }) => {
        const known = new Set(context.children.map((child) => child.card.key));
        const added = context.cards
          .filter((card) => !known.has(card.key))
          .map((card) => ({
            card,
            ref: spawn('cardMachine', {
              id: `card-${card.key}`,
              input: { repo: context.repo, build: context.build, card },
            }),
          }));
        return added.length ? [...context.children, ...added] : context.children;
      },
    }),
  },
}).createMachine({
  id: 'cards',
  context: ({ input }) => ({ ...input, renderer: null, children: [] }),
  initial: 'loading',
  on: { 'cards.update': { actions: 'assignCards' } },
  states: {
    loading: {
      invoke: {
        id: 'loadCardRenderer',
        src: 'loadCardRenderer',
        onDone: {
          target: 'listing',
          actions: assign({ renderer: ({ event }) => event.output }),
        },
        onError: {
          target: 'failed',
          actions: ({ event }) => console.warn('adaptive cards renderer:', event.error),
        },
      },
    },
    listing: {
      always: [{ guard: 'hasCards', target: 'showing' }, { target: 'empty' }],
    },
    empty: {
      on: { 'cards.update': { target: 'listing', actions: 'assignCards' } },
    },
    showing: {
      entry: 'spawnNewCards',
      on: { 'cards.update': { actions: ['assignCards', 'spawnNewCards'] } },
    },
    // The renderer itself could not load (e.g. a chunk failed to download).
    failed: {},
  },
});

export type CardsActorRef = ActorRefFrom<typeof cardsMachine>;

type CardsSnapshot = { value: unknown; context: CardsContext };
type CardSnapshot = { value: unknown; context: CardContext };

export const selectCardsState = (snapshot: CardsSnapshot) => snapshot.value as string;
export const selectCardChildren = (snapshot: CardsSnapshot) => snapshot.context.children;
export const selectRenderer = (snapshot: CardsSnapshot) => snapshot.context.renderer;
export const selectCardState = (snapshot: CardSnapshot) => snapshot.value as string;
export const selectCardContent = (snapshot: CardSnapshot) => snapshot.context;
