// @vitest-environment node
// Issue 17 item 7: the `_session_` cookie is signed with a secret of the running mock (random per
// database, or given to the standalone server), so nobody can forge an admin session on a shared
// demo from the public source.
import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hmacSha256Hex } from './hmac';
import { loadScenario, restoreDb, snapshotDb } from './scenario';
import { SESSION_COOKIE, signSession, verifySession } from './session';
import { startStandalone, type Standalone } from './standalone';

/** The cookie anyone could compute before: FNV-1a under the secret that was in the source. */
function publicSecretCookie(login: string): string {
  const fnv1a = (text: string, seed: number) => {
    let hash = seed >>> 0;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  };
  const input = `drone-console-mock-server|${login}`;
  return `${btoa(login).replace(/=+$/, '')}.${fnv1a(input, 0x811c9dc5)}${fnv1a(input, 0x01234567)}`;
}

let running: Standalone | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function whoAmI(server: Standalone, cookie: string): Promise<number> {
  const answer = await fetch(`${server.url}/api/user`, {
    headers: { Cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  return answer.status;
}

describe('session cookies', () => {
  it('signs with HMAC-SHA256', () => {
    const key = 'Jefe';
    const message = 'what do ya want for nothing?';
    expect(hmacSha256Hex(key, message)).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    for (const long of ['k'.repeat(64), 'k'.repeat(131)]) {
      expect(hmacSha256Hex(long, message)).toBe(
        createHmac('sha256', long).update(message).digest('hex'),
      );
    }
  });

  it('refuses a cookie signed with the secret that was public', async () => {
    running = await startStandalone({ port: 0, scenario: 'demo' });
    expect(verifySession(publicSecretCookie('admin'))).toBeUndefined();
    expect(await whoAmI(running, publicSecretCookie('admin'))).toBe(401);
    expect(await whoAmI(running, signSession('admin'))).toBe(200);
  });

  it('signs with a new secret at every start, unless given one', async () => {
    running = await startStandalone({ port: 0, scenario: 'demo' });
    const before = signSession('admin');
    await running.close();
    running = await startStandalone({ port: 0, scenario: 'demo' });
    expect(await whoAmI(running, before)).toBe(401);
    await running.close();

    running = await startStandalone({ port: 0, scenario: 'demo', sessionSecret: 'shared' });
    const kept = signSession('admin');
    await running.close();
    running = await startStandalone({ port: 0, scenario: 'demo', sessionSecret: 'shared' });
    expect(await whoAmI(running, kept)).toBe(200);
  });

  it('keeps a browser demo signed in across a reload (the snapshot holds the secret)', () => {
    loadScenario('demo');
    const cookie = signSession('admin');
    const snapshot = snapshotDb();
    loadScenario('demo');
    expect(verifySession(cookie)).toBeUndefined();
    restoreDb(snapshot);
    expect(verifySession(cookie)).toBe('admin');
  });
});
