import { useSelector } from '@xstate/react';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { menuMachine, selectActiveItem, selectIsMenuOpen } from '../../machines/shell/menu.machine';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { Button } from './Button';
import { styled } from './theme';

export interface MenuItemSpec {
  label: string;
  onSelect: () => void;
}

/**
 * A button that opens a menu, with the keyboard of the WAI-ARIA menu button pattern: Enter,
 * Space or ArrowDown open it on the first item (ArrowUp on the last), the arrows move round the
 * items, Home and End go to the ends, Escape closes it and gives the focus back to the button,
 * Tab or a click elsewhere closes it.
 */
export function MenuButton({
  children,
  label,
  items,
  disabled,
}: {
  /** What the button shows. */
  children: ReactNode;
  /** The menu's accessible name. */
  label: string;
  items: readonly MenuItemSpec[];
  disabled?: boolean;
}) {
  const menu = useInspectedActorRef(menuMachine, { input: { count: items.length } });
  const open = useSelector(menu, selectIsMenuOpen);
  const active = useSelector(menu, selectActiveItem);
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  useEffect(() => menu.send({ type: 'menu.items', count: items.length }), [menu, items.length]);
  // Roving focus: the DOM focus follows the machine's active item.
  useLayoutEffect(() => {
    if (open) listRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[active]?.focus();
  }, [open, active]);
  // A press anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (!boxRef.current?.contains(event.target as Node)) menu.send({ type: 'menu.close' });
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, menu]);

  const closeToButton = () => {
    menu.send({ type: 'menu.close' });
    buttonRef.current?.focus();
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      menu.send({ type: 'menu.open', focus: event.key === 'ArrowUp' ? 'last' : 'first' });
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, () => void> = {
      ArrowDown: () => menu.send({ type: 'menu.move', by: 1 }),
      ArrowUp: () => menu.send({ type: 'menu.move', by: -1 }),
      Home: () => menu.send({ type: 'menu.first' }),
      End: () => menu.send({ type: 'menu.last' }),
      Escape: closeToButton,
    };
    if (event.key === 'Tab') {
      menu.send({ type: 'menu.close' });
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    move();
  };

  return (
    <Box ref={boxRef}>
      <Button
        ref={buttonRef}
        id={buttonId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => menu.send({ type: 'menu.toggle' })}
        onKeyDown={onButtonKey}
      >
        {children}
      </Button>
      {open ? (
        <Menu ref={listRef} id={menuId} role="menu" aria-label={label} onKeyDown={onMenuKey}>
          {items.map((item, index) => (
            <Item
              key={item.label}
              role="menuitem"
              type="button"
              tabIndex={index === active ? 0 : -1}
              onClick={() => {
                closeToButton();
                item.onSelect();
              }}
            >
              {item.label}
            </Item>
          ))}
        </Menu>
      ) : null}
    </Box>
  );
}

const Box = styled('div', { position: 'relative' });

const Menu = styled('div', {
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  zIndex: 10,
  minWidth: '160px',
  display: 'flex',
  flexDirection: 'column',
  padding: '$1',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$2',
  boxShadow: '$2',
});

const Item = styled('button', {
  textAlign: 'left',
  padding: '$2 $3',
  border: 'none',
  borderRadius: '$1',
  backgroundColor: 'transparent',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
  cursor: 'pointer',
  '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
  '&:focus': { outline: '2px solid $primary', outlineOffset: '-2px' },
});
