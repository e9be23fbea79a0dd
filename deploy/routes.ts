// Which requests go to the Drone server and which get the console (issue 27, README "Deploy"),
// from Drone's router (docs/drone-api.md 1.1, 4.10): the serve command and the dev server's proxy
// read this table; deploy/nginx.conf and deploy/Caddyfile write the same one in their own terms
// (tests/unit/deploy-routes.test.ts checks they agree). Everything else is the console: its files,
// or index.html for a client route (the single-page fallback).

export interface DroneRoute {
  /** The path as the README's table shows it. */
  path: string;
  /** Matches the request's path (no query). */
  pattern: RegExp;
  /** The methods that go to Drone; the others get the console. */
  methods: 'any' | readonly string[];
  why: string;
}

export const DRONE_ROUTES: readonly DroneRoute[] = [
  {
    path: '/api/…',
    pattern: /^\/api(\/|$)/,
    methods: 'any',
    why: 'the REST API and its event streams (passed on unbuffered)',
  },
  {
    path: '/login',
    pattern: /^\/login$/,
    methods: 'any',
    why: 'sign-in: the provider’s OAuth round trip, or the sign-in form’s POST; sets the session cookie',
  },
  {
    path: '/logout',
    pattern: /^\/logout$/,
    methods: ['POST'],
    why: 'ends the session; a browser’s GET is the console’s page, which sends this POST',
  },
  {
    path: '/link/{namespace}/{name}/(tree|src|commit)/…',
    pattern: /^\/link\/[^/]+\/[^/]+\/(tree|src|commit)\//,
    methods: 'any',
    why: 'redirects to the commit or branch at the source-control system',
  },
  { path: '/version', pattern: /^\/version$/, methods: 'any', why: 'the server’s version' },
  { path: '/varz', pattern: /^\/varz$/, methods: 'any', why: 'the server’s settings and limits' },
  { path: '/healthz', pattern: /^\/healthz$/, methods: 'any', why: 'the server’s health check' },
  { path: '/metrics', pattern: /^\/metrics$/, methods: 'any', why: 'Prometheus metrics' },
  {
    path: '/hook',
    pattern: /^\/hook$/,
    methods: 'any',
    why: 'the source-control system’s webhooks',
  },
  { path: '/rpc/…', pattern: /^\/rpc(\/|$)/, methods: 'any', why: 'runners (/rpc, /rpc/v2)' },
];

/** Whether a request goes to the Drone server (else the console answers it). */
export function isDroneRoute(method: string, path: string): boolean {
  const pathname = path.split('?')[0]!;
  return DRONE_ROUTES.some(
    (route) =>
      route.pattern.test(pathname) &&
      (route.methods === 'any' || route.methods.includes(method.toUpperCase())),
  );
}
