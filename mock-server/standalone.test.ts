// @vitest-environment node
// The standalone server as `npm run mock-server` starts it: a scenario plus every handler on a
// real port, with Drone's CORS on /api and the fixture users' tokens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/api/types';
import { fixtureUsers } from './scenario';
import {
  parseCommandLine,
  startStandalone,
  startupMessage,
  USAGE,
  type Standalone,
} from './standalone';

describe('startStandalone', () => {
  let standalone: Standalone;
  beforeAll(async () => {
    standalone = await startStandalone({ port: 0, scenario: 'empty' });
  });
  afterAll(() => standalone.close());

  const tokenOf = (kind: string) => fixtureUsers().find((user) => user.kind === kind)!.token;

  it('listens on 127.0.0.1 and serves the web routes and the API', async () => {
    expect(standalone.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${standalone.url}/healthz`)).text()).toBe('OK');
    const guest = await fetch(`${standalone.url}/api/user`);
    expect(await guest.text()).toBe('{"message":"Unauthorized"}\n');
    expect((await fetch(`${standalone.url}/index.html`)).status).toBe(404);
  });

  it("accepts the fixture users' tokens as a header and as ?access_token=", async () => {
    const admin = await fetch(`${standalone.url}/api/users`, {
      headers: { Authorization: `Bearer ${tokenOf('admin')}` },
    });
    expect(admin.status).toBe(200);
    const member = await fetch(`${standalone.url}/api/users?access_token=${tokenOf('member')}`);
    expect(await member.json()).toEqual({ message: 'Forbidden' });
    const me = await fetch(`${standalone.url}/api/user?access_token=${tokenOf('member')}`);
    expect(((await me.json()) as User).admin).toBe(false);
  });

  it("answers CORS like Drone's go-chi/cors: preflight 200 empty, origin echoed", async () => {
    const preflight = await fetch(`${standalone.url}/api/user/repos`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'Authorization',
      },
    });
    expect(preflight.status).toBe(200);
    expect(await preflight.text()).toBe('');
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-max-age')).toBe('300');
    const actual = await fetch(`${standalone.url}/api/user`, {
      headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${tokenOf('admin')}` },
    });
    expect(actual.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(actual.headers.get('access-control-allow-credentials')).toBe('true');
    expect(actual.headers.get('access-control-expose-headers')).toBe('Link');
    const noOrigin = await fetch(`${standalone.url}/api/user`);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the command line (npm run mock-server -- ...)', () => {
  it('has defaults for every option and reads each one', () => {
    expect(parseCommandLine([])).toEqual({
      help: false,
      options: { port: 8080, host: '127.0.0.1', scenario: 'demo', speed: 1, faults: undefined },
    });
    const args = ['--port=0', '--host', '0.0.0.0', '--scenario', 'hostile', '--faults', '*:500'];
    expect(parseCommandLine([...args, '--speed', '4'])).toEqual({
      help: false,
      options: { port: 0, host: '0.0.0.0', scenario: 'hostile', speed: 4, faults: '*:500' },
    });
  });

  it('asks for help with --help or -h, and the usage names every option', () => {
    expect(parseCommandLine(['--help'])).toEqual({ help: true });
    expect(parseCommandLine(['--port', '1', '-h'])).toEqual({ help: true });
    const options = ['--port', '--host', '--scenario', '--speed', '--faults', '--seed', '--help'];
    for (const option of options) {
      expect(USAGE).toContain(option);
    }
  });

  it('puts --seed in front of the spec, so a seed= in the spec still wins', () => {
    const faults = (args: string[]) => {
      const line = parseCommandLine(args);
      return line.help ? undefined : line.options.faults;
    };
    expect(faults(['--faults', '*:500', '--seed', '7'])).toBe('seed=7,*:500');
  });

  it.each([
    [['--prot', '80'], "Unknown option '--prot'"],
    [['8080'], "Unexpected argument '8080'"],
    [['--port'], "Option '--port <value>' argument missing"],
    [['--port', '80a'], '--port 80a: not a whole number'],
    [['--port', '65536'], '--port 65536: not a port (0-65535)'],
    [['--host='], '--host: give an address'],
    [['--scenario', 'demos'], '--scenario demos: unknown (one of demo, empty, bench, hostile)'],
    [['--speed', '0'], '--speed 0: not from 1 to 100'],
    [['--speed', '1.5'], '--speed 1.5: not a whole number'],
    [['--faults', 'api:500'], '--faults: bad fault rule "api:500"'],
    [['--faults', '*:500', '--seed=-1'], '--seed -1: not a whole number'],
    [['--seed', '7'], '--seed: only the fault rules are random; add --faults'],
  ])('rejects %j, naming the option and the value', (args, message) => {
    expect(() => parseCommandLine(args)).toThrow(message);
  });

  it('prints the API base URL and one row per account with its token', () => {
    const message = startupMessage('http://0.0.0.0:8080', {
      port: 8080,
      host: '0.0.0.0',
      scenario: 'empty',
    }).split('\n');
    expect(message[0]).toBe('Mock Drone server, scenario empty, on every interface (0.0.0.0)');
    expect(message[1]).toContain('API base URL: http://127.0.0.1:8080');
    for (const user of fixtureUsers()) {
      expect(message).toContainEqual(
        expect.stringMatching(new RegExp(`^  ${user.login} +${user.kind} +${user.token}$`)),
      );
    }
  });
});
