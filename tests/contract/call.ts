// One HTTP call as the console makes it, with the whole answer kept: status, headers, the exact
// body text, and the body read as JSON when it is JSON.
import { TOKENS, type ContractTarget } from './targets';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export type Caller = keyof typeof TOKENS | 'anonymous';

export async function call(
  target: ContractTarget,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (who !== 'anonymous') headers.Authorization = `Bearer ${TOKENS[who]}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Drone's error body: `{"message":...}` and the encoder's newline. */
export const errorBody = (message: string) => `${JSON.stringify({ message })}\n`;

/** Reads an event stream until `until` holds for what arrived (30 s at most); then aborts. */
export async function readStream(
  target: ContractTarget,
  who: Caller,
  path: string,
  until: RegExp | ((text: string) => boolean),
): Promise<{ status: number; headers: Headers; text: string }> {
  const done = typeof until === 'function' ? until : (text: string) => until.test(text);
  const controller = new AbortController();
  const headers: Record<string, string> = {};
  if (who !== 'anonymous') headers.Authorization = `Bearer ${TOKENS[who]}`;
  const response = await fetch(`${target.url}${path}`, { headers, signal: controller.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const deadline = setTimeout(() => controller.abort(), 30_000);
  try {
    while (!done(text)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted at the deadline: the caller's expectation says what was missing.
  } finally {
    clearTimeout(deadline);
    controller.abort();
  }
  return { status: response.status, headers: response.headers, text };
}
