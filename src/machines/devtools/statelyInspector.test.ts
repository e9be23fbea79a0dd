// Stately's inspector is a page on another origin, opened in a window. Attached
// means its page answered; a blocked window, no answer or a closed window each say so. What the
// console posts to it, through the real @statelyai/inspect adapter, holds neither the configured
// token nor any password or secret value, wherever they sit: context, events, a done actor's
// output (issue 28 item 2).
import { waitUntil } from '../../../tests/wait';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import { config } from '../../config';
import { inspect } from '../app/inspection';
import { REDACTED, redactInspection } from './redact';
import {
  selectInspectorStatus,
  STATELY_INSPECTOR_URL,
  statelyInspectorMachine,
} from './statelyInspector.machine';

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

/** A window the inspector's page would be in: it records what it is sent. */
function inspectorWindow() {
  const posted: unknown[] = [];
  const target = { closed: false, postMessage: (message: unknown) => posted.push(message) };
  /** Its page has loaded and says so, as Stately's inspector does. */
  const answer = () =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { type: '@statelyai.connected' },
        source: target as unknown as Window,
      }),
    );
  return { target, posted, answer, text: () => JSON.stringify(posted) };
}

function openInspector(target: object | null) {
  vi.spyOn(window, 'open').mockReturnValue(target as Window | null);
  const actor = createActor(statelyInspectorMachine).start();
  actor.send({ type: 'inspector.open' });
  const status = () => selectInspectorStatus(actor.getSnapshot());
  return { actor, status };
}

describe("Stately's inspector", () => {
  const savedToken = config.token;

  beforeEach(() => {
    config.token = TOKEN;
  });

  afterEach(() => {
    config.token = savedToken;
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says attached only once its page answers, and is told of the actors running', async () => {
    const running = createActor(leakyMachine, { inspect }).start();
    const inspector = inspectorWindow();
    const { actor, status } = openInspector(inspector.target);
    await waitUntil(() =>
      expect(window.open).toHaveBeenCalledWith(STATELY_INSPECTOR_URL, 'xstateinspector'),
    );
    expect(status()).toBe('connecting');
    // Nothing leaves the tab before the page is there to receive it.
    expect(inspector.posted).toEqual([]);

    inspector.answer();
    expect(status()).toBe('attached');
    // The actor that ran before is announced, with its machine's definition.
    await waitUntil(() => expect(inspector.text()).toContain('@xstate.actor'));
    expect(inspector.text()).toContain('leaky');
    running.stop();
    actor.stop();
  });

  it('receives every event and state without the token, passwords or secret values', async () => {
    const inspector = inspectorWindow();
    const { actor, status } = openInspector(inspector.target);
    await waitUntil(() => expect(window.open).toHaveBeenCalled());
    inspector.answer();
    expect(status()).toBe('attached');

    const leaky = createActor(leakyMachine, { inspect }).start();
    leaky.send({ type: 'draft.change', changes: { data: SECRET } });
    leaky.send({ type: 'login.submit', username: 'jane', password: PASSWORD });
    await waitFor(leaky, (snapshot) => snapshot.matches('done'));
    // The inspector posts in idle time: wait until the last state has gone over.
    await waitUntil(() => expect(inspector.text()).toContain('"done"'));
    leaky.stop();
    actor.stop();

    expect(inspector.text()).toContain('draft.change');
    expect(inspector.text()).toContain('login.submit');
    for (const secret of [TOKEN, SECRET, PASSWORD, ISSUED]) {
      expect(inspector.text()).not.toContain(secret);
    }
    expect(inspector.text()).toContain(REDACTED);
  });

  it('says when the browser blocked its window', async () => {
    const { actor, status } = openInspector(null);
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('blocked');
    // A click tries again.
    actor.send({ type: 'inspector.open' });
    expect(status()).toBe('connecting');
    actor.stop();
  });

  it('says when its page never answers (the site unreachable), and when its window closes', async () => {
    vi.useFakeTimers();
    const unreachable = inspectorWindow();
    const { actor, status } = openInspector(unreachable.target);
    await vi.dynamicImportSettled();
    expect(window.open).toHaveBeenCalled();
    vi.advanceTimersByTime(14_000);
    expect(status()).toBe('connecting');
    vi.advanceTimersByTime(1_000);
    expect(status()).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('noAnswer');
    // An answer that comes after that is not taken for an attachment.
    unreachable.answer();
    expect(status()).toBe('failed');

    const inspector = inspectorWindow();
    vi.mocked(window.open).mockReturnValue(inspector.target as unknown as Window);
    actor.send({ type: 'inspector.open' });
    await vi.dynamicImportSettled();
    expect(window.open).toHaveBeenCalledTimes(2);
    inspector.answer();
    expect(status()).toBe('attached');
    vi.advanceTimersByTime(2_000);
    expect(status()).toBe('attached');
    inspector.target.closed = true;
    vi.advanceTimersByTime(2_000);
    expect(actor.getSnapshot().context.failure).toBe('closed');
    actor.stop();
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
