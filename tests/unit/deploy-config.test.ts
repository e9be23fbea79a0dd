// @vitest-environment node
// Issue 27: one build configured at start. What a deployment's config.json (or the serve
// command's flags) may say, the headers that follow from it, and the templates filled in with it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mayCarryToken, securityHeaders } from '../../deploy/headers';
import { render } from '../../deploy/render';
import { parseServeArgs } from '../../deploy/serveOptions';
import { readRuntimeConfig } from '../../src/runtimeConfig';

const dir = mkdtempSync(join(tmpdir(), 'deploy-config-'));
const dist = join(dir, 'dist');
mkdirSync(dist);
writeFileSync(join(dist, 'index.html'), '<div id="root"></div>');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, data: unknown): string {
  writeFileSync(join(dir, name), JSON.stringify(data));
  return join(dir, name);
}

describe('readRuntimeConfig', () => {
  it('keeps what it knows and names every problem', () => {
    expect(
      readRuntimeConfig({
        provider: 'Gogs',
        language: 'zh-CN',
        cardHosts: ['https://cards.example.com', 'http://127.0.0.1:*'],
        colour: 'red',
        token: 42,
        imageHosts: ['javascript:'],
        server: 'https://drone.example.com/path',
      }),
    ).toEqual({
      config: {
        provider: 'Gogs',
        language: 'zh-CN',
        cardHosts: ['https://cards.example.com', 'http://127.0.0.1:*'],
      },
      problems: [
        'unknown key "colour"',
        '"token" must be a string',
        '"imageHosts" must list https:, http(s)://host or http(s)://host:port',
        '"server" must be an http(s) origin, like https://drone.example.com',
      ],
    });
  });

  it('refuses anything but an object', () => {
    expect(readRuntimeConfig([]).problems).toEqual(['it must be a JSON object']);
  });
});

describe('securityHeaders', () => {
  const directive = (headers: Record<string, string>, name: string) =>
    headers['Content-Security-Policy']!.split('; ').find((part) => part.startsWith(`${name} `));

  it('narrows the policy to the hosts a deployment names, and forbids framing', () => {
    const headers = securityHeaders({
      cardHosts: ['https://cards.example.com'],
      imageHosts: ['https://avatars.githubusercontent.com'],
    });
    expect(directive(headers, 'connect-src')).toBe("connect-src 'self' https://cards.example.com");
    expect(directive(headers, 'img-src')).toBe(
      "img-src 'self' data: https://avatars.githubusercontent.com",
    );
    expect(directive(headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Strict-Transport-Security': 'max-age=31536000',
    });
  });

  it('lets a console on another origin call its server', () => {
    const headers = securityHeaders({ server: 'https://drone.example.com' });
    expect(directive(headers, 'connect-src')).toBe(
      "connect-src 'self' https: https://drone.example.com",
    );
  });
});

describe('mayCarryToken', () => {
  const host = '127.0.0.1:8080';
  it.each([
    [{ host }, true],
    [{ host, 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:8080' }, true],
    [{ host, 'sec-fetch-site': 'none' }, true],
    [{ host, 'sec-fetch-site': 'cross-site' }, false],
    [{ host, 'sec-fetch-site': 'same-site' }, false],
    [{ host, origin: 'https://evil.example' }, false],
    [{ host, origin: 'null' }, false],
  ])('%j: %s', (headers, expected) => expect(mayCarryToken(headers)).toBe(expected));
});

describe('parseServeArgs', () => {
  const parse = (...args: string[]) => parseServeArgs(['--dist', dist, ...args]);

  it('reads the flags, the flags winning over the config file, and keeps the token from the browser', () => {
    const config = file('config.json', { provider: 'Gitea', language: 'zh-CN', token: 'secret' });
    const commandLine = parse(
      '--server',
      'https://drone.example.com/',
      '--port',
      '0',
      '--config-file',
      config,
      '--provider',
      'Gogs',
      '--card-hosts',
      'https://a.example.com https://b.example.com',
    );
    expect(commandLine).toEqual({
      help: false,
      options: {
        server: 'https://drone.example.com',
        port: 0,
        host: '127.0.0.1',
        dist,
        config: {
          provider: 'Gogs',
          language: 'zh-CN',
          cardHosts: ['https://a.example.com', 'https://b.example.com'],
        },
        token: 'secret',
      },
    });
  });

  it.each([
    [[], /--server is required/],
    [['--server', 'drone.example.com'], /--server drone.example.com: not an http\(s\) origin/],
    [['--server', 'http://d.test', '--port', '80a'], /--port 80a: not a port number/],
    [['--server', 'http://d.test', '--sever', 'x'], /Unknown option '--sever'/],
    [['--server', 'http://d.test', '--language', 'fr'], /language "fr": the console speaks/],
    [['--server', 'http://d.test', '--card-hosts', 'ftp://x'], /--card-hosts must list/],
  ])('refuses %j with a message naming it', (args, message) => {
    expect(() => parse(...args)).toThrow(message);
  });

  it('refuses a build folder without index.html, and a config file naming another server', () => {
    expect(() => parseServeArgs(['--server', 'http://d.test', '--dist', dir])).toThrow(
      /no index.html there \(build it: npm run build\)/,
    );
    const other = file('other.json', { server: 'https://elsewhere.example.com' });
    expect(() => parse('--server', 'http://d.test', '--config-file', other)).toThrow(
      /the serve command is the proxy/,
    );
  });
});

describe('render', () => {
  it('fills both placeholder syntaxes and derives the policy from config.json', () => {
    const configDir = join(dir, 'config');
    mkdirSync(configDir, { recursive: true });
    file('config/config.json', { cardHosts: ['https://cards.example.com'] });
    const text = render(
      'proxy_pass ${DRONE_SERVER}; root {$CONSOLE_CONFIG_DIR}; "${CONSOLE_CSP}"',
      {
        DRONE_SERVER: 'http://127.0.0.1:8080',
        CONSOLE_CONFIG_DIR: configDir,
      },
    );
    expect(text).toContain(`proxy_pass http://127.0.0.1:8080; root ${configDir};`);
    expect(text).toContain("connect-src 'self' https://cards.example.com");
  });

  it('stops on a placeholder without a value and on a value nothing takes', () => {
    expect(() => render('${DRONE_SERVER} ${CONSOLE_DIST}', { DRONE_SERVER: 'x' })).toThrow(
      'no value for CONSOLE_DIST',
    );
    expect(() => render('${DRONE_SERVER}', { DRONE_SERVER: 'x', CONSOLE_PORT: '1' })).toThrow(
      'the template takes no CONSOLE_PORT',
    );
  });
});
