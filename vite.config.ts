/// <reference types="vitest/config" />
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

// Server mode: DRONE_SERVER=https://drone.example.com npm start proxies the Drone routes to that
// server; without it the console runs on the embedded mock server (a service worker).
const droneServer = process.env.DRONE_SERVER ?? '';
const proxiedPaths = ['/api', '/login', '/logout', '/link', '/version', '/varz'];

/**
 * The production build's Content-Security-Policy, as a meta tag (the static build may be served
 * by anything). No inline script at all; Stitches writes a <style> element and React sets style
 * attributes, so inline styles stay allowed; the mock server runs in a service worker; avatars and
 * card images may be data: or https:. Not in dev: React refresh needs an inline script.
 */
function contentSecurityPolicy(): Plugin {
  // A console built for another origin (DRONE_SERVER_URL) calls and streams from that server.
  const server = process.env.DRONE_SERVER_URL ? new URL(process.env.DRONE_SERVER_URL).origin : '';
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https: ${server}`.trim(),
    "font-src 'self' data:",
    // Adaptive-card schemas are hosted wherever the plugin that uploaded the card put them.
    `connect-src 'self' https: ${server}`.trim(),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ];
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: { 'http-equiv': 'Content-Security-Policy', content: policy.join('; ') },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  plugins: [react(), contentSecurityPolicy()],
  define: {
    __DRONE_MOCK__: JSON.stringify(droneServer === '' && process.env.DRONE_MOCK !== 'false'),
    __DRONE_TOKEN__: JSON.stringify(process.env.DRONE_TOKEN ?? ''),
    __DRONE_SERVER_URL__: JSON.stringify(process.env.DRONE_SERVER_URL ?? ''),
  },
  server: {
    proxy: droneServer
      ? Object.fromEntries(
          proxiedPaths.map((path): [string, ProxyOptions] => [
            // /login/form and /login/error are console pages, not server routes.
            path === '/login' ? '^/login$' : path,
            {
              target: droneServer,
              changeOrigin: true,
              // A page load of /logout is the console's own page; its POST goes to the server.
              bypass: (req) =>
                path === '/logout' &&
                req.method === 'GET' &&
                req.headers.accept?.includes('text/html')
                  ? req.url
                  : undefined,
              // Server-sent events must pass through unbuffered.
              configure: (proxy) => {
                proxy.on('proxyRes', (proxyRes) => {
                  if (String(proxyRes.headers['content-type']).includes('text/event-stream')) {
                    proxyRes.headers['x-accel-buffering'] = 'no';
                    proxyRes.headers['cache-control'] = 'no-cache';
                  }
                });
              },
            },
          ]),
        )
      : undefined,
  },
  // Pre-bundled at start-up: discovered later (the template editor is a dynamic import), they
  // would make the dev server re-optimize and reload the page mid-session.
  optimizeDeps: {
    include: [
      'codemirror',
      '@codemirror/lang-javascript',
      '@codemirror/lang-python',
      '@codemirror/lang-yaml',
      // Found late (dynamic imports): without this a cold dev server re-optimizes and reloads.
      '@antv/g6',
      'adaptivecards',
      'adaptivecards-templating',
      '@statelyai/inspect',
      'msw/browser',
      '@mswjs/data',
      'react-virtuoso',
      'anser',
    ],
  },
  build: {
    reportCompressedSize: true,
    // dist/.vite/manifest.json: which chunks a page loads (scripts/check-bundle.ts reads it).
    manifest: true,
    chunkSizeWarningLimit: 2000,
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['tests/setup.ts'],
    include: [
      'src/**/*.test.{ts,tsx}',
      'mock-server/**/*.test.ts',
      'fixtures/**/*.test.ts',
      'tests/unit/**/*.test.{ts,tsx}',
    ],
    testTimeout: 20000,
  },
});
