import { assign, setup } from 'xstate';

// A menu button's menu (WAI-ARIA menu button pattern, issue 19 item 2): closed or open, and
// which item has the focus while it is open (roving focus). The view moves the DOM focus to
// the active item and back to the button when the menu closes from the keyboard.

export interface MenuContext {
  count: number;
  /** The focused item while open. */
  active: number;
}

export type MenuEvent =
  /** Click on the button, or Enter / Space / ArrowDown on it: first item; ArrowUp: last. */
  | { type: 'menu.open'; focus: 'first' | 'last' }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' }
  | { type: 'menu.move'; by: 1 | -1 }
  | { type: 'menu.first' }
  | { type: 'menu.last' }
  | { type: 'menu.items'; count: number };

const wrap = (index: number, count: number) => (count === 0 ? 0 : (index + count) % count);

export const menuMachine = setup({
  types: {
    context: {} as MenuContext,
    input: {} as { count: number },
    events: {} as MenuEvent,
  },
  actions: {
    focusOpened: assign({
      active: ({ context, event }) =>
        event.type === 'menu.open' && event.focus === 'last' ? context.count - 1 : 0,
    }),
    focusMoved: assign({
      active: ({ context, event }) =>
        event.type === 'menu.move'
          ? wrap(context.active + event.by, context.count)
          : context.active,
    }),
    assignCount: assign(({ context, event }) =>
      event.type === 'menu.items'
        ? { count: event.count, active: Math.min(context.active, Math.max(0, event.count - 1)) }
        : {},
    ),
  },
}).createMachine({
  id: 'menu',
  context: ({ input }) => ({ count: input.count, active: 0 }),
  on: { 'menu.items': { actions: 'assignCount' } },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'menu.open': { target: 'open', actions: 'focusOpened' },
        'menu.toggle': { target: 'open', actions: 'focusOpened' },
      },
    },
    open: {
      on: {
        'menu.close': 'closed',
        'menu.toggle': 'closed',
        'menu.move': { actions: 'focusMoved' },
        'menu.first': { actions: assign({ active: 0 }) },
        'menu.last': { actions: assign({ active: ({ context }) => context.count - 1 }) },
      },
    },
  },
});

type MenuSnapshot = { context: MenuContext; value: unknown };

export const selectIsMenuOpen = (snapshot: MenuSnapshot) => snapshot.value === 'open';
export const selectActiveItem = (snapshot: MenuSnapshot) => snapshot.context.active;
