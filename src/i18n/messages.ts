import { core } from './en/core';
import { i18n } from './index';

// Machines speak docs/spec.md 8's English (their tests and the spec quote it) and never import a
// translator. Views show a machine's message through translateMessage, which finds the English
// template the message was made from and gives the chosen language's text, the server's own part
// ({{message}}) kept as it came. Text that matches no template (a bare server message) is shown
// as it is.

type MessageKey = keyof typeof core.messages;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const templates = (Object.entries(core.messages) as Array<[MessageKey, string]>).map(
  ([key, text]) => ({
    key,
    pattern: new RegExp(`^${text.split('{{message}}').map(escape).join('(.*)')}$`, 's'),
  }),
);

export function translateMessage(text: string): string {
  for (const { key, pattern } of templates) {
    const match = pattern.exec(text);
    if (match) return i18n.t(`messages.${key}`, { message: match[1] ?? '' });
  }
  return text;
}
