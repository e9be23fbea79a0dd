// @vitest-environment node
// Issue 17 item 2: the mock reads a request path as Drone's router does (Go's net/url + chi v3):
// decoded when it is written the way Go writes it, raw (parameters still escaped) otherwise, and
// `.`/`..` segments as names, never resolved.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chiRoutePath } from './chipath';
import { fixtureUsers } from './scenario';
import { startStandalone, type Standalone } from './standalone';

describe('chiRoutePath', () => {
  it.each([
    ['/api/repos/o/n/secrets/a%20b', '/api/repos/o/n/secrets/a b'],
    ['/api/repos/o/n/secrets/a+b', '/api/repos/o/n/secrets/a+b'],
    ['/api/templates/o/%25.yaml', '/api/templates/o/%.yaml'],
    ['/api/templates/o/%3Fx%23y', '/api/templates/o/?x#y'],
    ['/api/users/%C3%BC', '/api/users/ü'],
    ['/api/users/..', '/api/users/..'],
  ])('routes %s on the decoded path', (raw, routed) => {
    expect(chiRoutePath(raw)).toBe(routed);
  });

  it.each([
    // Go writes these unescaped, so the path is kept raw and every parameter stays escaped.
    '/api/templates/o/a%2Fb.yaml',
    '/api/templates/o/a%2Bb.yaml',
    '/api/repos/o/n/secrets/%2E',
    '/api/templates/o%20x/a%2Fb',
    // Go escapes these, so a path holding them as they are is kept raw too.
    "/api/templates/o/it's%20(1).yaml",
    '/api/templates/o/%3fx',
  ])('routes %s on the raw path', (raw) => {
    expect(chiRoutePath(raw)).toBe(raw);
  });
});

describe('the standalone server routes the path as the client sent it', () => {
  let standalone: Standalone;
  const admin = {
    Authorization: `Bearer ${fixtureUsers().find((u) => u.kind === 'admin')!.token}`,
  };

  beforeAll(async () => {
    standalone = await startStandalone({ port: 0, scenario: 'demo' });
  });
  afterAll(() => standalone.close());

  /** A request whose path no URL parser touched, as the drone CLI (Go) sends `/secrets/..`. */
  function raw(method: string, path: string): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(standalone.url);
    return new Promise((resolve, reject) => {
      const sent = httpRequest({ hostname, port, path, method, headers: admin }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      sent.on('error', reject);
      sent.end();
    });
  }

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${standalone.url}/api${path}`, {
      ...init,
      headers: { ...admin, 'Content-Type': 'application/json' },
    });

  it('deletes the secret named `..`, not the repository', async () => {
    const created = await api('/repos/acme/api/secrets', {
      method: 'POST',
      body: JSON.stringify({ name: '..', data: 'x' }),
    });
    expect(created.status).toBe(200);
    expect(await raw('DELETE', '/api/repos/acme/api/secrets/..')).toMatchObject({ status: 204 });
    const repo = (await (await api('/repos/acme/api')).json()) as { active: boolean };
    expect(repo.active).toBe(true);
    const secrets = (await (await api('/repos/acme/api/secrets')).json()) as { name: string }[];
    expect(secrets.map((secret) => secret.name)).not.toContain('..');
  });

  it('names a template `a%2Fb.yaml` when the path says a%2Fb.yaml, as Drone does', async () => {
    const created = await api('/templates/acme', {
      method: 'POST',
      body: JSON.stringify({ name: 'a/b.yaml', data: 'kind: pipeline' }),
    });
    expect(created.status).toBe(200);
    expect((await raw('GET', '/api/templates/acme/a%2Fb.yaml')).status).toBe(404);
  });
});
