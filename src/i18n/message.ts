import type { TextKey } from './en/keys';

// What a machine reports for people to read: a text's key and its values,
// translated when a view shows it. Machines never word a message in English themselves; the
// server's own text is a value, shown as it came (`messages.server`, `{message}`).

export interface Message {
  readonly key: TextKey;
  readonly values?: Readonly<Record<string, string | number>>;
}

export const msg = (key: TextKey, values?: Message['values']): Message => ({ key, values });
