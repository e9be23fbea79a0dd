import { t } from '../src/i18n';
import type { Message } from '../src/i18n/message';

/** A machine's message (`{ key, values }`) as the language shown reads it. */
export const said = (message: unknown): string =>
  t((message as Message).key, (message as Message).values);

/** What a mocked notify was asked to say, as the language shown reads it. */
export const saidBy = (spy: unknown): string[] =>
  (spy as { mock: { calls: unknown[][] } }).mock.calls.map(([message]) => said(message));
