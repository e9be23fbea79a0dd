// Issue 17 item 1: the console's credentials (the Bearer token, the session cookie) go to the
// configured server and nowhere else. A card's schema URL is the pipeline's to choose, so it is
// fetched with none of them; the credentialed client refuses any URL off the server's origin.
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchCardSchema } from '../../src/api/builds';
import { ApiError, request, requestTarget, serverUrl } from '../../src/api/client';
import { openEventStream, REPO_EVENTS_PATH } from '../../src/api/stream';
import { config } from '../../src/config';
import { setupMockServer } from '../mockServer';
import { waitUntil } from '../wait';

const server = setupMockServer();
const TOKEN = 'secret-token-of-the-user';

interface Seen {
  url: string;
  authorization: string | null;
  cookie: string | null;
  credentials: RequestCredentials;
  referrerPolicy: ReferrerPolicy;
}

/** Records every request to `pattern` and answers with an adaptive card template. */
function record(pattern: string): Seen[] {
  const seen: Seen[] = [];
  server.use(
    http.all(pattern, ({ request: sent }) => {
      seen.push({
        url: sent.url,
        authorization: sent.headers.get('authorization'),
        cookie: sent.headers.get('cookie'),
        credentials: sent.credentials,
        referrerPolicy: sent.referrerPolicy,
      });
      return HttpResponse.json({ type: 'AdaptiveCard' });
    }),
  );
  return seen;
}

beforeEach(() => {
  config.token = TOKEN;
  document.cookie = '_session_=the-users-session';
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  config.token = '';
  document.cookie = '_session_=; Max-Age=0';
  server.resetHandlers();
  vi.restoreAllMocks();
});

describe('card schemas are fetched without credentials', () => {
  it('sends no token, no cookie and no referrer to another host', async () => {
    const seen = record('https://schemas.example/*');
    await fetchCardSchema('https://schemas.example/card.json');
    expect(seen).toEqual([
      {
        url: 'https://schemas.example/card.json',
        authorization: null,
        cookie: null,
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      },
    ]);
  });

  it('sends neither the token nor the session cookie to a schema on the server itself', async () => {
    const seen = record('*/api/mock/card-schemas/*');
    await fetchCardSchema('/api/mock/card-schemas/docker.json');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ authorization: null, cookie: null, credentials: 'omit' });
  });

  it('refuses a schema URL that is not http(s)', async () => {
    const error = await fetchCardSchema('javascript:alert(1)').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
  });
});

describe('the credentialed client only reaches the server', () => {
  it('sends the token and the cookie to the server (the control)', async () => {
    const seen = record('*/api/user');
    await request('/api/user');
    expect(seen[0]).toMatchObject({ authorization: `Bearer ${TOKEN}`, credentials: 'include' });
    expect(seen[0]!.cookie).toContain('_session_=the-users-session');
  });

  it.each(['https://evil.example/api/user', '//evil.example/api/user', 'api/user'])(
    'refuses %s before anything is sent',
    async (target) => {
      const seen = record('https://evil.example/*');
      const error = await request(target).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toContain('Refused');
      expect(seen).toEqual([]);
    },
  );

  it('builds worker calls on the server only', () => {
    expect(requestTarget('/api/x').url).toBe(`${window.location.origin}/api/x`);
    for (const foreign of ['https://evil.example/api/x', '//evil.example/api/x']) {
      expect(() => serverUrl(foreign)).toThrow(ApiError);
      expect(() => requestTarget(foreign)).toThrow(ApiError);
    }
  });

  it.each(['https://evil.example/api/stream', '//evil.example/api/stream'])(
    'refuses to open an event stream at %s before anything is sent',
    async (target) => {
      const seen = record('https://evil.example/*');
      const ended = new Promise<boolean>((resolve) =>
        openEventStream(target, { open: () => undefined, events: () => undefined, end: resolve }),
      );
      expect(await ended).toBe(false);
      expect(seen).toEqual([]);
    },
  );

  it('sends the repository event stream its token in a header, never in the URL', async () => {
    const seen = record(`${window.location.origin}${REPO_EVENTS_PATH}`);
    const close = openEventStream(REPO_EVENTS_PATH, {
      open: () => undefined,
      events: () => undefined,
      end: () => undefined,
    });
    await waitUntil(() => expect(seen).toHaveLength(1));
    close();
    expect(seen[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(new URL(seen[0]!.url).search).toBe('');
  });
});
