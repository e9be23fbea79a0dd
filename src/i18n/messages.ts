import type { en } from './en';
import { core } from './en/core';
import { i18n } from './index';

// Machines speak docs/spec.md 8's English (their tests and the spec quote it) and never import a
// translator. Views show a machine's message through translateMessage, which finds the English
// template the message was made from and gives the chosen language's text, the template's values
// ({{message}}: the server's own part; {{name}}: a name the user gave) kept as they came. Text
// that matches no template (a bare server message) is shown as it is. The first screen's
// templates are here from boot; a screen's own (./en/settings.ts) are added with its texts, before
// any of its machines can report one.

type MessageKey = keyof typeof en.messages;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = /\{\{(\w+)\}\}/;

/** A template's text as a pattern: each placeholder a group (the last one takes the rest). */
function templatePattern(text: string) {
  // split with a group: the texts at even places, the placeholders' names at odd ones.
  const parts = text.split(new RegExp(PLACEHOLDER, 'g'));
  const names = parts.filter((_, index) => index % 2 === 1);
  const source = parts
    .map((part, index) => {
      if (index % 2 === 0) return escape(part);
      return index === parts.length - 2 ? '(.*)' : '(.*?)';
    })
    .join('');
  return { names, pattern: new RegExp(`^${source}$`, 's') };
}

const templates: Array<{ key: MessageKey } & ReturnType<typeof templatePattern>> = [];

/** Makes the English texts of some messages known to translateMessage. */
export function addMessages(messages: Partial<Record<MessageKey, string>>): void {
  for (const [key, text] of Object.entries(messages) as Array<[MessageKey, string]>) {
    templates.push({ key, ...templatePattern(text) });
  }
}

addMessages(core.messages);

export function translateMessage(text: string): string {
  for (const { key, names, pattern } of templates) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return i18n.t(`messages.${key}`, values as { message?: string; name?: string });
  }
  return text;
}
