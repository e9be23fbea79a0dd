/// <reference types="vitest/config" />
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { ALWAYS_LOADED, firstScreenGroups } from './scripts/firstScreenChunks.ts';
import { contentSecurityPolicy, mayCarryToken } from './deploy/headers.ts';
import { DRONE_ROUTES, isDroneRoute } from './deploy/routes.ts';

export { contentSecurityPolicy };

/**
 * What `vite` (dev server) or `vite build` makes of the environment (README: Server mode, Builds).
 * The dev server runs on the embedded mock unless it proxies a Drone server (DRONE_SERVER) or is
 * told not to (DRONE_MOCK=false). A build is for production, mock-free, unless a demo build is
 * asked for explicitly: DRONE_MOCK=true (`npm run build:demo`). DRONE_TOKEN is the proxy's (dev
 * server and `vite preview`), never the bundle's (issue 28 item 1).
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
    cardHosts: (env.DRONE_CARD_HOSTS ?? '').split(/\s+/).filter(Boolean),
  };
}

/**
 * The build's Content-Security-Policy as a meta tag, for a static host that sends no header: the
 * policy for any deployment (deploy/headers.ts), narrowed when the build is told where card
 * schemas live (DRONE_CARD_HOSTS) and widened to a server on another origin (DRONE_SERVER_URL). A
 * deployment's header narrows it further (a page obeys both). Not in dev: React refresh needs an
 * inline script.
 */
function contentSecurityPolicyMeta(serverUrl: string, cardHosts: string[]): Plugin {
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

/**
 * index.html asks for the chunks every visit runs (ALWAYS_LOADED: the app's and the bundler's
 * runtime) beside the entry's: Vite lists only the entry's static imports, so the app's chunk left
 * once the entry had run, and the runtime once a page's chunk that imports it had arrived, last
 * (issue 32).
 */
function preloadAlwaysLoaded(): Plugin {
  return {
    name: 'preload-always-loaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) =>
        Object.keys(bundle ?? {})
          .filter((file) => ALWAYS_LOADED.test(file) && !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
    },
  };
}

/**
 * The dev server's and `vite preview`'s proxy: Drone's routes (deploy/routes.ts) to DRONE_SERVER.
 * A route for some methods only (a GET of /logout) is the console's page for the others. The
 * token, when there is one, is added here, to the server's requests only, and never to one
 * another site's page sent (deploy/headers.ts): the browser never holds it.
 */
function droneProxy(droneServer: string, token: string): Record<string, ProxyOptions> {
  // One entry for every path whose first segment is one of Drone's; `bypass` decides exactly.
  const segments = [...new Set(DRONE_ROUTES.map((route) => route.path.split('/')[1]))];
  const options: ProxyOptions = {
    target: droneServer,
    changeOrigin: true,
    bypass: (req) => (isDroneRoute(req.method ?? 'GET', req.url ?? '') ? undefined : req.url),
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (token && !req.headers.authorization && mayCarryToken(req.headers))
          proxyReq.setHeader('Authorization', `Bearer ${token}`);
      });
      // Server-sent events must pass through unbuffered.
      proxy.on('proxyRes', (proxyRes) => {
        if (String(proxyRes.headers['content-type']).includes('text/event-stream')) {
          proxyRes.headers['x-accel-buffering'] = 'no';
          proxyRes.headers['cache-control'] = 'no-cache';
        }
      });
    },
  };
  return { [`^/(${segments.join('|')})([/?]|$)`]: options };
}

/**
 * The demo's page starts at mock-server/demo.ts, which starts the embedded server and then the
 * console (src/main.tsx, every other build's entry): src/ imports nothing of the mock.
 */
function demoEntry(): Plugin {
  return {
    name: 'demo-entry',
    // Before Vite reads the page's scripts: the build's entry is the one the page names.
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('/src/main.tsx', '/mock-server/demo.ts'),
    },
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

/**
 * A gzipped twin of every hashed script, style and image of a build (README "Deploy"): the serve
 * command sends them to browsers that take gzip, as nginx's gzip_static and Caddy's precompressed
 * do, so no request pays for compressing the same bytes again (the first screen is about a third
 * of its size on the wire). Under 1 KiB a file is not worth a twin.
 */
function precompressedAssets(): Plugin {
  let assets = '';
  return {
    name: 'precompressed-assets',
    apply: 'build',
    configResolved: (config) => {
      assets = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    closeBundle: () => {
      for (const file of readdirSync(assets).filter((name) => /\.(js|css|svg)$/.test(name))) {
        const bytes = readFileSync(join(assets, file));
        if (bytes.length >= 1024)
          writeFileSync(join(assets, `${file}.gz`), gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig(({ command }) => {
  const { mock, droneServer, serverUrl, token, cardHosts } = consoleBuild(command, process.env);
  return {
    plugins: [
      react(),
      contentSecurityPolicyMeta(serverUrl, cardHosts),
      preloadAlwaysLoaded(),
      precompressedAssets(),
      mock ? demoEntry() : withoutMockWorker(),
    ],
    define: {
      __DRONE_MOCK__: JSON.stringify(mock),
      __DRONE_SERVER_URL__: JSON.stringify(serverUrl),
    },
    server: { proxy: droneServer ? droneProxy(droneServer, token) : undefined },
    // Pre-bundled at start-up: discovered later (the template editor is a dynamic import), they
    // would make the dev server re-optimize and reload the page mid-session.
    optimizeDeps: {
      // The console's page only: the bench's bare page (bench/floor.html) names a script its
      // bench writes, and scanning it failed the whole scan (the first load then met a 504).
      entries: ['index.html'],
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
        'msw',
        'msw/browser',
        '@mswjs/data',
        'react-virtuoso',
        'anser',
        // The kept builds (IndexedDB) and the log diff's worker.
        'idb',
        'diff',
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
      modulePreload: {
        polyfill: false,
        // Every visit has the entry's chunks before anything loads on demand: naming them again in
        // each on-demand import's preload list only weighs on the first screen. The machines page
        // (developers') reaches every machine: its list of some fifty chunks would weigh on every
        // visit's first screen, so its code fetches them as it imports them (one round trip more).
        // (index.html's own preload links keep them all: they start the first screen.)
        resolveDependencies: (file: string, deps: string[], { hostType }: { hostType: string }) => {
          if (hostType === 'html') return deps;
          return /(^|\/)MachinesPage-/.test(file)
            ? []
            : deps.filter((dep) => !ALWAYS_LOADED.test(dep));
        },
      },
      // The first screen in three chunks, not twenty-five (scripts/firstScreenChunks.ts).
      rolldownOptions: {
        // No hint that plugins took much of the build's time: on a busy machine it is printed
        // at random (Vite's own worker plugin), and a clean build prints nothing (tests/e2e/build.ts).
        checks: { bundlerTimings: false },
        output: {
          codeSplitting: {
            includeDependenciesRecursively: false,
            groups: [{ name: firstScreenGroups(import.meta.dirname), debugName: 'first screen' }],
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
      // What a whole test or hook may take on a loaded 2-core machine (issue 33 item 8): a model
      // test walks many paths, the first hook imports every page's code. Waits are tests/wait.ts.
      testTimeout: 120_000,
      hookTimeout: 120_000,
    },
  };
});
