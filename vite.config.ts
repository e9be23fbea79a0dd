/// <reference types="vitest/config" />
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { firstScreenGroups } from './scripts/firstScreenChunks';

const proxiedPaths = ['/api', '/login', '/logout', '/link', '/version', '/varz'];

/**
 * What `vite` (dev server) or `vite build` makes of the environment (README: Server mode, Builds).
 * The dev server runs on the embedded mock unless it proxies a Drone server (DRONE_SERVER) or is
 * told not to (DRONE_MOCK=false). A build is for production, mock-free, unless a demo build is
 * asked for explicitly: DRONE_MOCK=true (`npm run build:demo`).
 */
export function consoleBuild(command: 'serve' | 'build', env: NodeJS.ProcessEnv) {
  const droneServer = env.DRONE_SERVER ?? '';
  const mock =
    command === 'serve'
      ? droneServer === '' && env.DRONE_MOCK !== 'false'
      : env.DRONE_MOCK === 'true';
  return {
    mock,
    droneServer,
    serverUrl: env.DRONE_SERVER_URL ?? '',
    token: env.DRONE_TOKEN ?? '',
    cardHosts: env.DRONE_CARD_HOSTS ?? '',
  };
}

/**
 * The build's Content-Security-Policy, as a meta tag (the static build may be served by
 * anything; README "Security" gives the headers a deployment adds, frame-ancestors among them,
 * which a meta tag cannot carry). Nothing is allowed unless listed. No inline script at all;
 * Stitches writes a <style> element and React sets style attributes, so inline styles stay
 * allowed. Avatars come from any https host the SCM names, and card schemas from any https host a
 * pipeline names, so img-src and connect-src keep https: (a deployment's header narrows them; a
 * page obeys both policies). A deployment that knows where its card schemas live says so at build
 * time (DRONE_CARD_HOSTS, sources separated by spaces) and connect-src names only those. The log
 * parser is a worker, and a demo build's mock a service worker. Not in dev: React refresh needs
 * an inline script.
 */
export function contentSecurityPolicy(serverUrl: string, cardHosts = ''): string {
  // A console built for another origin (DRONE_SERVER_URL) calls and streams from that server.
  const server = serverUrl ? ` ${new URL(serverUrl).origin}` : '';
  const schemas = cardHosts.trim() ? ` ${cardHosts.trim().split(/\s+/).join(' ')}` : ' https:';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${server}`,
    `connect-src 'self'${schemas}${server}`,
    "worker-src 'self'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

function contentSecurityPolicyMeta(serverUrl: string, cardHosts: string): Plugin {
  return {
    name: 'content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: contentSecurityPolicy(serverUrl, cardHosts),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

/** The mock's service worker (public/, copied into every build) leaves a production build. */
function withoutMockWorker(): Plugin {
  let outDir = '';
  return {
    name: 'without-mock-worker',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true }),
  };
}

export default defineConfig(({ command }) => {
  const { mock, droneServer, serverUrl, token, cardHosts } = consoleBuild(command, process.env);
  return {
    plugins: [
      react(),
      contentSecurityPolicyMeta(serverUrl, cardHosts),
      ...(mock ? [] : [withoutMockWorker()]),
    ],
    define: {
      __DRONE_MOCK__: JSON.stringify(mock),
      __DRONE_TOKEN__: JSON.stringify(token),
      __DRONE_SERVER_URL__: JSON.stringify(serverUrl),
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
      // No modulepreload polyfill in the first screen's code (issue 18): every browser the build
      // targets but the oldest Safari and Firefox supports it, and those load the same chunks,
      // one after another instead of side by side.
      modulePreload: { polyfill: false },
      // The first screen in three chunks, not twenty-five (scripts/firstScreenChunks.ts).
      rolldownOptions: {
        output: {
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [{ name: firstScreenGroups(import.meta.dirname) }],
          },
        },
      },
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
  };
});
