// Issue 27: the console reads the deployment's /config.json at boot, over the build's defaults.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, defaultLanguage, loadRuntimeConfig } from './config';
import { languageFor } from './i18n/languages';

const defaults = { ...config };

function serve(body: string, status = 200) {
  const fetch = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  Object.assign(config, defaults);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('loadRuntimeConfig', () => {
  it('applies the deployment’s server, provider, language and token', async () => {
    const fetch = serve(
      JSON.stringify({
        server: 'https://drone.example.com',
        provider: 'Gogs',
        language: 'zh-CN',
        token: 'private-console-token',
      }),
    );
    await loadRuntimeConfig();
    expect(fetch).toHaveBeenCalledWith('/config.json');
    expect(config).toMatchObject({
      serverUrl: 'https://drone.example.com',
      provider: 'Gogs',
      language: 'zh-CN',
      token: 'private-console-token',
    });
    // The configured language is the one a browser speaking none of the console's gets.
    expect(languageFor(['fr-FR'], defaultLanguage())).toBe('zh-CN');
    expect(languageFor(['en-GB'], defaultLanguage())).toBe('en');
  });

  it('keeps the defaults without a configuration, and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve('<!doctype html><title>index</title>');
    await loadRuntimeConfig();
    serve('Not Found', 404);
    await loadRuntimeConfig();
    expect(config).toEqual(defaults);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('keeps the defaults for what is wrong, naming it, and applies the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(JSON.stringify({ provider: 'Gitea', language: 'fr', server: 'javascript:alert(1)' }));
    await loadRuntimeConfig();
    expect(config).toMatchObject({ provider: 'Gitea', language: '', serverUrl: '' });
    expect(defaultLanguage()).toBe('en');
    expect(warn.mock.calls.map(([message]) => message)).toEqual([
      '/config.json: "server" must be an http(s) origin, like https://drone.example.com',
      '/config.json: the console does not speak "fr"',
    ]);
  });
});
