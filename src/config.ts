// One typed object for everything the build, the deployment (/config.json, read at boot) or the
// hosting page decides (docs/architecture.md 2).
import { DEFAULT_LANGUAGE, isLanguage, type Language } from './i18n/languages';
import { RUNTIME_CONFIG_PATH, readRuntimeConfig } from './runtimeConfig';

export interface Config {
  /** Base URL of the Drone server; '' means the same origin. */
  serverUrl: string;
  /** The deployment's token, sent as a Bearer header (docs/spec.md 7); '' for a session. */
  token: string;
  /** Run on the embedded mock server (a service worker). */
  mock: boolean;
  productName: string;
  /** The source-control system users sign in with. */
  provider: string;
  /** The language shown when the browser asks for none the console speaks; '' for English. */
  language: string;
  licenseExpired: boolean;
  licenseLimitExceeded: boolean;
  /** Host of the hosted-cloud offering, where /login/error shows the registration notice. */
  cloudHost: string;
}

// The real Drone server injects license flags into the page as globals; honour them when present.
interface InjectedGlobals {
  DRONE_LICENSE_EXPIRED?: boolean;
  DRONE_LICENSE_LIMIT_EXCEEDED?: boolean;
  DRONE_PROVIDER?: string;
}

function readGlobals(): InjectedGlobals {
  return typeof window === 'undefined' ? {} : (window as unknown as InjectedGlobals);
}

function defined<T>(value: T | undefined, fallback: T): T {
  return value === undefined ? fallback : value;
}

const injected = readGlobals();
const search = typeof window === 'undefined' ? '' : window.location.search;
const query = new URLSearchParams(search);

export const config: Config = {
  serverUrl: typeof __DRONE_SERVER_URL__ === 'undefined' ? '' : __DRONE_SERVER_URL__,
  token: '',
  mock: typeof __DRONE_MOCK__ === 'undefined' ? false : __DRONE_MOCK__,
  productName: 'Drone',
  provider: defined(injected.DRONE_PROVIDER, 'GitHub'),
  language: '',
  // In mock mode the banners can be previewed with ?license=expired or ?license=exceeded.
  licenseExpired: defined(injected.DRONE_LICENSE_EXPIRED, query.get('license') === 'expired'),
  licenseLimitExceeded: defined(
    injected.DRONE_LICENSE_LIMIT_EXCEEDED,
    query.get('license') === 'exceeded',
  ),
  cloudHost: 'cloud.drone.io',
};

/**
 * Applies the deployment's runtime configuration (src/runtimeConfig.ts) over the build's defaults.
 * index.html preloads the file, so this costs no round trip of its own: its answer is usually in
 * before the entry script has run. A deployment without one, or with a broken one, runs on the
 * defaults; a problem is logged, so whoever deploys sees it.
 */
export async function loadRuntimeConfig(): Promise<void> {
  let data: unknown;
  try {
    const response = await fetch(RUNTIME_CONFIG_PATH);
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    data = await response.json();
  } catch (error) {
    console.warn(`${RUNTIME_CONFIG_PATH} not read, the build's defaults apply:`, error);
    return;
  }
  const { config: runtime, problems } = readRuntimeConfig(data);
  for (const problem of problems) console.warn(`${RUNTIME_CONFIG_PATH}: ${problem}`);
  if (runtime.server !== undefined) config.serverUrl = runtime.server;
  if (runtime.token) config.token = runtime.token;
  if (runtime.provider) config.provider = runtime.provider;
  if (runtime.language && !isLanguage(runtime.language)) {
    console.warn(`${RUNTIME_CONFIG_PATH}: the console does not speak "${runtime.language}"`);
  } else if (runtime.language) config.language = runtime.language;
}

/** The language for a browser that asks for none the console speaks (README "Languages"). */
export function defaultLanguage(): Language {
  return isLanguage(config.language) ? config.language : DEFAULT_LANGUAGE;
}

/** Absolute origin of the server, for snippets shown to the user (badges, API examples). */
export function serverOrigin(): string {
  if (config.serverUrl) return config.serverUrl.replace(/\/$/, '');
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
