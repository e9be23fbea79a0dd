// Issue 28 item 2: Stately's inspector is a page on another origin. What the console posts to it,
// through the real @statelyai/inspect adapter, holds neither the configured token nor any
// password or secret value, wherever they sit: context, events, a done actor's output.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { config } from '../../config';
import {
  attachStatelyInspector,
  INSPECT_STORAGE_KEY,
  inspect,
  STATELY_INSPECTOR_URL,
} from './inspector';
import { REDACTED, redactInspection } from './redact';
import { waitUntil } from '../../../tests/wait';

const TOKEN = 'configured-drone-token-0123456789';
const SECRET = 'registry-password-in-a-secret';
const PASSWORD = 'typed-into-the-sign-in-form';
const ISSUED = 'token-the-server-just-issued-42';

const leakyMachine = setup({
  types: {
    context: {} as { header: string; draft: { name: string; data: string }; token: string | null },
    events: {} as
      | { type: 'draft.change'; changes: { data: string } }
      | { type: 'login.submit'; username: string; password: string },
  },
  actors: { fetchToken: fromPromise(async () => ({ login: 'jane', token: ISSUED })) },
}).createMachine({
  id: 'leaky',
  context: { header: `Bearer ${TOKEN}`, draft: { name: 'docker_password', data: '' }, token: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'draft.change': {
          actions: assign({
            draft: ({ context, event }) => ({ ...context.draft, ...event.changes }),
          }),
        },
        'login.submit': 'fetching',
      },
    },
    fetching: {
      invoke: {
        src: 'fetchToken',
        onDone: { target: 'done', actions: assign({ token: ({ event }) => event.output.token }) },
      },
    },
    done: {},
  },
});

describe("Stately's inspector", () => {
  const posted: unknown[] = [];
  const savedToken = config.token;

  beforeEach(() => {
    config.token = TOKEN;
    localStorage.setItem(INSPECT_STORAGE_KEY, 'on');
    const inspectorWindow = { postMessage: (message: unknown) => posted.push(message) };
    vi.spyOn(window, 'open').mockReturnValue(inspectorWindow as unknown as Window);
  });

  afterEach(() => {
    config.token = savedToken;
    localStorage.removeItem(INSPECT_STORAGE_KEY);
    vi.restoreAllMocks();
  });

  it('receives every event and state without the token, passwords or secret values', async () => {
    await attachStatelyInspector();
    expect(window.open).toHaveBeenCalledWith(STATELY_INSPECTOR_URL, 'xstateinspector');
    // The inspector's page says it is ready; the adapter then posts what it held back, and the rest.
    window.dispatchEvent(new MessageEvent('message', { data: { type: '@statelyai.connected' } }));

    const actor = createActor(leakyMachine, { inspect }).start();
    actor.send({ type: 'draft.change', changes: { data: SECRET } });
    actor.send({ type: 'login.submit', username: 'jane', password: PASSWORD });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('done'));
    const text = () => JSON.stringify(posted);
    // The inspector posts in idle time: wait until the last state has gone over.
    await waitUntil(() => expect(text()).toContain('"done"'));
    actor.stop();

    expect(text()).toContain('draft.change');
    expect(text()).toContain('login.submit');
    for (const secret of [TOKEN, SECRET, PASSWORD, ISSUED]) expect(text()).not.toContain(secret);
    expect(text()).toContain(REDACTED);
  });
});

describe('redactInspection', () => {
  it('keeps what is not a credential and bounds what it copies', () => {
    const cyclic: Record<string, unknown> = { name: 'acme/api', count: 3, on: true };
    cyclic.self = cyclic;
    const copy = redactInspection({ cyclic, lines: Array.from({ length: 150 }, (_, i) => i) });
    expect(copy.cyclic).toEqual({ name: 'acme/api', count: 3, on: true, self: '[Circular]' });
    expect(copy.lines).toHaveLength(101);
    expect(copy.lines.at(-1)).toBe('[50 more]');
  });

  it('finds a known secret inside keys and text, and a credential under any casing', () => {
    const copy = redactInspection(
      {
        [`by ${TOKEN}`]: `curl -H "Authorization: Bearer ${TOKEN}"`,
        accessToken: 'x',
        Password: 1,
      },
      [TOKEN],
    );
    expect(copy).toEqual({
      [`by ${REDACTED}`]: `curl -H "Authorization: Bearer ${REDACTED}"`,
      accessToken: REDACTED,
      Password: REDACTED,
    });
  });
});
