// Issue 27: one build for every deployment. What a deployment differs in is read at start from
// /config.json, served beside index.html (README "Deploy"), not compiled in. The console reads it
// at boot (src/config.ts); the serve command, the nginx and Caddy templates serve it and derive the
// Content-Security-Policy header from it (deploy/headers.ts). Plain data, no DOM: Node reads it too.

/** Where the console fetches its runtime configuration (index.html preloads it). */
export const RUNTIME_CONFIG_PATH = '/config.json';

export interface RuntimeConfig {
  /**
   * Origin of the Drone server the browser calls when it is not the console's own ('' or absent:
   * the console's origin, whose proxy passes Drone's paths on).
   */
  server?: string;
  /** The source-control system users sign in with ("GitHub", "Gitea", "Gogs", "GitLab"...). */
  provider?: string;
  /** The language shown when the browser asks for none the console speaks ('en', 'zh-CN'). */
  language?: string;
  /** A token every call is made with: only for a console nobody else can reach (README "Deploy"). */
  token?: string;
  /** CSP sources card schemas are fetched from (connect-src); absent: any https: host. */
  cardHosts?: string[];
  /** CSP sources avatars and card images come from (img-src); absent: any https: host. */
  imageHosts?: string[];
}

const STRINGS = ['server', 'provider', 'language', 'token'] as const;
const LISTS = ['cardHosts', 'imageHosts'] as const;

/** A CSP source: a scheme (`https:`) or an origin, with `*` for a subdomain or a port. */
const SOURCE = /^(https?:|https?:\/\/[\w*.-]+(:(\d+|\*))?)$/;

/** An http(s) origin and nothing else: no path, user, query or fragment. */
export function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}

/**
 * Reads a runtime configuration strictly: every key it does not know and every value of the wrong
 * shape is a problem, named so a deployment can fix its file; the rest is kept.
 */
export function readRuntimeConfig(data: unknown): { config: RuntimeConfig; problems: string[] } {
  const config: RuntimeConfig = {};
  const problems: string[] = [];
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { config, problems: ['it must be a JSON object'] };
  }
  for (const [key, value] of Object.entries(data)) {
    if ((STRINGS as readonly string[]).includes(key)) {
      if (typeof value === 'string') config[key as (typeof STRINGS)[number]] = value.trim();
      else problems.push(`"${key}" must be a string`);
    } else if ((LISTS as readonly string[]).includes(key)) {
      const list = Array.isArray(value) ? value : [];
      if (list.length > 0 && list.every((item) => typeof item === 'string' && SOURCE.test(item)))
        config[key as (typeof LISTS)[number]] = list as string[];
      else problems.push(`"${key}" must list https:, http(s)://host or http(s)://host:port`);
    } else problems.push(`unknown key "${key}"`);
  }
  if (config.server && !isOrigin(config.server)) {
    problems.push(`"server" must be an http(s) origin, like https://drone.example.com`);
    delete config.server;
  }
  return { config, problems };
}
