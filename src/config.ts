// One typed object for everything the build or the hosting page decides (docs/architecture.md 2).

export interface Config {
  /** Base URL of the Drone server; '' means the same origin. */
  serverUrl: string;
  /** Build-time token sent as a Bearer header (docs/spec.md 7). */
  token: string;
  /** Run on the embedded mock server (a service worker). */
  mock: boolean;
  productName: string;
  /** The source-control system users sign in with. */
  provider: string;
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
  token: typeof __DRONE_TOKEN__ === 'undefined' ? '' : __DRONE_TOKEN__,
  mock: typeof __DRONE_MOCK__ === 'undefined' ? false : __DRONE_MOCK__,
  productName: 'Drone',
  provider: defined(injected.DRONE_PROVIDER, 'GitHub'),
  // In mock mode the banners can be previewed with ?license=expired or ?license=exceeded.
  licenseExpired: defined(injected.DRONE_LICENSE_EXPIRED, query.get('license') === 'expired'),
  licenseLimitExceeded: defined(
    injected.DRONE_LICENSE_LIMIT_EXCEEDED,
    query.get('license') === 'exceeded',
  ),
  cloudHost: 'cloud.drone.io',
};

/** Absolute origin of the server, for snippets shown to the user (badges, API examples). */
export function serverOrigin(): string {
  if (config.serverUrl) return config.serverUrl.replace(/\/$/, '');
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}
