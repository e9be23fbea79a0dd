// @vitest-environment node
// Issue 27: which requests go to Drone and which get the console. The serve command and the dev
// server read deploy/routes.ts; deploy/nginx.conf and deploy/Caddyfile write the same table in
// their own terms, checked here against it path by path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRONE_ROUTES, isDroneRoute } from '../../deploy/routes';

const DRONE = [
  '/api',
  '/api/user',
  '/api/stream/acme/api/23/1/4',
  '/login',
  '/login?code=abc&state=xyz',
  '/link/acme/api/tree/refs/heads/main',
  '/link/acme/api/commit/f50c9f1',
  '/version',
  '/varz',
  '/healthz',
  '/metrics',
  '/hook',
  '/rpc',
  '/rpc/v2/stage',
];

const CONSOLE = [
  '/',
  '/login/form',
  '/login/error?message=Account%20is%20not%20active',
  '/welcome',
  '/account',
  '/settings/users',
  '/acme/api',
  '/acme/api/23/1/4',
  '/link/acme',
  '/apiary/docs',
  '/assets/index-abc.js',
  '/config.json',
  '/versions/1',
];

describe('isDroneRoute', () => {
  it.each(DRONE)('sends %s to Drone', (path) => expect(isDroneRoute('GET', path)).toBe(true));
  it.each(CONSOLE)('serves %s from the console', (path) =>
    expect(isDroneRoute('GET', path)).toBe(false),
  );

  it('sends only the POST of /logout to Drone: a browser’s GET is the console’s page', () => {
    expect(isDroneRoute('POST', '/logout')).toBe(true);
    expect(isDroneRoute('GET', '/logout')).toBe(false);
    expect(isDroneRoute('HEAD', '/logout')).toBe(false);
  });
});

const template = (name: string) =>
  readFileSync(new URL(`../../deploy/${name}`, import.meta.url), 'utf8');

describe.each([
  ['nginx.conf', /location ~ (\^\/\S+) \{/],
  ['Caddyfile', /@drone path_regexp (\^\/\S+)/],
])('deploy/%s', (name, droneLocation) => {
  const text = template(name);
  const pattern = new RegExp(droneLocation.exec(text)![1]!);

  it('sends Drone’s paths to Drone and no other', () => {
    for (const path of DRONE) expect(pattern.test(path.split('?')[0]!), path).toBe(true);
    for (const path of CONSOLE) expect(pattern.test(path.split('?')[0]!), path).toBe(false);
  });

  it('sends the POST of /logout to Drone and serves its GET from the console', () => {
    const logout =
      name === 'nginx.conf'
        ? /location = \/logout \{[^}]*\$request_method = POST[^}]*\}[^}]*try_files \/index\.html/
        : /@logout \{\s*method POST\s*path \/logout\s*\}/;
    expect(text).toMatch(logout);
  });
});

describe('README "Deploy"', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = /### Routes\n([\s\S]*?)\n### /.exec(readme)![1]!;

  it.each(DRONE_ROUTES.map((route) => route.path))('lists %s in its route table', (path) => {
    expect(table).toContain(`\`${path.replaceAll('|', '\\|')}\``);
  });
});
