// The headers a deployment sends with the console's files (README "Security", "Deploy"): the
// Content-Security-Policy follows the runtime configuration (src/runtimeConfig.ts), so one build
// serves every deployment, and index.html carries the build's own policy as a meta tag (a
// browser obeys both). Used by vite.config.ts (the meta tag), the serve command and the templates.
import type { IncomingHttpHeaders } from 'node:http';
import type { RuntimeConfig } from '../src/runtimeConfig';

/**
 * Nothing is allowed unless listed. No inline script at all; Stitches writes a <style> element and
 * React sets style attributes, so inline styles stay allowed. Avatars come from any https host the
 * source-control system names and card schemas from any https host a pipeline names, unless the
 * deployment lists theirs (`imageHosts`, `cardHosts`). A console on another origin than its server
 * calls and streams from that server. The log parser is a worker, a demo build's mock a service
 * worker.
 */
export function contentSecurityPolicy(
  serverUrl: string,
  cardHosts: readonly string[] = [],
  imageHosts: readonly string[] = [],
): string {
  const server = serverUrl ? ` ${new URL(serverUrl).origin}` : '';
  const sources = (hosts: readonly string[]) => (hosts.length ? ` ${hosts.join(' ')}` : ' https:');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${sources(imageHosts)}${server}`,
    `connect-src 'self'${sources(cardHosts)}${server}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The response headers of the console's files for a deployment. The header adds what a meta tag
 * cannot carry: frame-ancestors (no other site frames the console).
 */
export function securityHeaders(config: RuntimeConfig): Record<string, string> {
  const policy = contentSecurityPolicy(config.server ?? '', config.cardHosts, config.imageHosts);
  return {
    'Content-Security-Policy': `${policy}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // Ignored over plain HTTP; behind a TLS front it keeps the browser on HTTPS.
    'Strict-Transport-Security': 'max-age=31536000',
  };
}

/** Vite's hashed file names: their content never changes, so they are cached for a year. */
export const HASHED_ASSET = /^\/assets\//;

/** Cache-Control of a console file: hashed assets for a year, everything else revalidated. */
export function cacheControl(path: string): string {
  return HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * Whether a proxy that holds a token (DRONE_TOKEN, `serve --token`) may add it to a request: not
 * when another site's page sent it (a fetch or a script tag from elsewhere would otherwise act,
 * and read Drone's CORS-enabled answers, as the token's user). Browsers say where a request comes
 * from (Sec-Fetch-Site; Origin on a cross-origin one); a request without either is not a page's.
 */
export function mayCarryToken(headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}
