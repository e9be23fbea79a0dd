import { fromCallback } from 'xstate';

// Keyboard shortcuts (issue 19 item 2). One listener on the document per machine that has keys;
// it decides whether a key press is a shortcut at all, so every machine follows the same rules:
// never while the user types (input, textarea, select, contenteditable), never with a modifier
// (Ctrl, Cmd, Alt), never under a modal dialog or inside a menu (they own their keys). The one
// exception is the palette's Ctrl+K / Cmd+K, which works everywhere.

/** A shortcut: the key as `KeyboardEvent.key` ('j', 'G', '?', 'ArrowDown'), or 'mod+k'. */
export interface KeyPressEvent {
  type: 'key.pressed';
  key: string;
}

export interface ListenKeysInput {
  /** The keys this machine handles; only those are taken from the browser (preventDefault). */
  keys: readonly string[];
}

export type ShortcutAction =
  | 'palette'
  | 'help'
  | 'first'
  | 'nextStep'
  | 'previousStep'
  | 'follow'
  | 'timestamps'
  | 'top'
  | 'bottom'
  | 'annotation'
  | 'menu'
  | 'close';
export type ShortcutPlace = 'everywhere' | 'palette' | 'build' | 'menus';

/** Every shortcut, for the help dialog ('?'; the view names actions and places) and the README. */
export const SHORTCUTS: ReadonlyArray<{
  keys: string;
  action: ShortcutAction;
  where: ShortcutPlace;
}> = [
  { keys: 'Ctrl+K / ⌘K', action: 'palette', where: 'everywhere' },
  { keys: '/', action: 'palette', where: 'everywhere' },
  { keys: '?', action: 'help', where: 'everywhere' },
  { keys: 'Enter', action: 'first', where: 'palette' },
  { keys: 'j / ↓', action: 'nextStep', where: 'build' },
  { keys: 'k / ↑', action: 'previousStep', where: 'build' },
  { keys: 'f', action: 'follow', where: 'build' },
  { keys: 't', action: 'timestamps', where: 'build' },
  { keys: 'g g', action: 'top', where: 'build' },
  { keys: 'G', action: 'bottom', where: 'build' },
  { keys: 'e / E', action: 'annotation', where: 'build' },
  { keys: '↑ ↓ Home End', action: 'menu', where: 'menus' },
  { keys: 'Esc', action: 'close', where: 'everywhere' },
];

/** Where typing happens: keys there are text, not shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  // Buttons and boxes made of <input> take no text.
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'range', 'color', 'file'].includes(
    target.type,
  );
}

/** The shortcut a key press is, or null when it is none (see the rules above). */
export function shortcutOf(event: KeyboardEvent): string | null {
  if (event.defaultPrevented || event.isComposing) return null;
  const command = event.ctrlKey || event.metaKey;
  if (command && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
    return 'mod+k';
  }
  if (command || event.altKey) return null;
  if (isTypingTarget(event.target)) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="menu"], dialog, [role="dialog"]')) return null;
  if (typeof document !== 'undefined' && document.querySelector('dialog[open]')) return null;
  // Arrows move in whatever has the focus (a list, the page's scroll); they are shortcuts only
  // while nothing has it.
  const onBody = target === null || target === document.body || target === document.documentElement;
  if (event.key.startsWith('Arrow') && !onBody) return null;
  return event.key;
}

/** Sends `key.pressed` for the shortcuts in `input.keys` (docs/architecture.md 3: an actor). */
export const listenKeys = fromCallback<{ type: 'noop' }, ListenKeysInput>(({ sendBack, input }) => {
  if (typeof document === 'undefined') return undefined;
  const onKeyDown = (event: KeyboardEvent) => {
    const key = shortcutOf(event);
    if (key === null || !input.keys.includes(key)) return;
    event.preventDefault();
    sendBack({ type: 'key.pressed', key } satisfies KeyPressEvent);
  };
  document.addEventListener('keydown', onKeyDown);
  return () => document.removeEventListener('keydown', onKeyDown);
});
