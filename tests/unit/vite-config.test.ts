// @vitest-environment node
// Issue 17 item 6: a build is for production (no mock server, no mockServiceWorker.js) unless a
// demo build is asked for explicitly, and its Content-Security-Policy allows nothing it does not
// need. A real build is slow; these are the config's decisions (README "Builds").
import { readFileSync } from 'node:fs';
import type { ConfigEnv, Plugin, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig, { consoleBuild, contentSecurityPolicy } from '../../vite.config';

function resolved(command: ConfigEnv['command'], env: Record<string, string>): UserConfig {
  const saved = { ...process.env };
  Object.assign(process.env, { DRONE_MOCK: '', DRONE_SERVER: '', ...env });
  try {
    return (viteConfig as (env: ConfigEnv) => UserConfig)({ command, mode: 'production' });
  } finally {
    process.env = saved;
  }
}

const pluginNames = (config: UserConfig) =>
  (config.plugins as Plugin[]).flat().map((plugin) => plugin.name);

describe('which build embeds the mock server', () => {
  it('a production build does not, by default', () => {
    const config = resolved('build', {});
    expect(config.define?.__DRONE_MOCK__).toBe('false');
    expect(pluginNames(config)).toContain('without-mock-worker');
    expect(pluginNames(config)).not.toContain('demo-entry');
  });

  it('a demo build does, when asked for with DRONE_MOCK=true', () => {
    const config = resolved('build', { DRONE_MOCK: 'true' });
    expect(config.define?.__DRONE_MOCK__).toBe('true');
    expect(pluginNames(config)).not.toContain('without-mock-worker');
    expect(pluginNames(config)).toContain('demo-entry');
  });

  it('the dev server does, unless it proxies a server or DRONE_MOCK=false', () => {
    expect(consoleBuild('serve', {}).mock).toBe(true);
    expect(consoleBuild('serve', { DRONE_SERVER: 'http://127.0.0.1:8080' }).mock).toBe(false);
    expect(consoleBuild('serve', { DRONE_MOCK: 'false' }).mock).toBe(false);
    expect(consoleBuild('build', { DRONE_MOCK: 'false' }).mock).toBe(false);
  });
});

describe('contentSecurityPolicy', () => {
  const directives = (policy: string) =>
    Object.fromEntries(
      policy.split('; ').map((directive) => {
        const [name, ...values] = directive.split(' ');
        return [name, values];
      }),
    );

  it('allows nothing by default, and no script but its own', () => {
    const policy = directives(contentSecurityPolicy(''));
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'https:']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('is the policy the README states', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const stated = /allows nothing the console does not use:\s*```\n([^`]*)```/.exec(readme)?.[1];
    expect(stated?.replace(/\s+/g, ' ').trim()).toBe(contentSecurityPolicy(''));
  });

  it('names only the card hosts a build is given in connect-src', () => {
    const policy = directives(
      contentSecurityPolicy(
        '',
        consoleBuild('build', { DRONE_CARD_HOSTS: ' https://a.test  http://b.test:* ' }).cardHosts,
      ),
    );
    expect(policy['connect-src']).toEqual(["'self'", 'https://a.test', 'http://b.test:*']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:']);
  });

  it('adds the server of a console built for another origin, and nothing else', () => {
    const policy = directives(contentSecurityPolicy('http://drone.internal:8080/'));
    expect(policy['connect-src']).toEqual(["'self'", 'https:', 'http://drone.internal:8080']);
    expect(policy['img-src']).toEqual(["'self'", 'data:', 'https:', 'http://drone.internal:8080']);
    expect(policy['script-src']).toEqual(["'self'"]);
  });
});
