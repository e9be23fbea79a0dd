// The serve command's command line (README "Deploy"): read strictly, so a mistyped flag or a bad
// value stops it with a message naming them instead of serving something else.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isLanguage } from '../src/i18n/languages';
import { isOrigin, readRuntimeConfig, type RuntimeConfig } from '../src/runtimeConfig';

export const SERVE_USAGE = `Usage: npm run serve -- --server <Drone origin> [options]

Serves the console's production build (npm run build) and passes Drone's routes to the server.

Options:
  --server URL        the Drone server, e.g. https://drone.example.com (required)
  --port N            port to listen on (default 8080; 0 picks a free one)
  --host ADDRESS      interface to bind (default 127.0.0.1; 0.0.0.0 to be reached from
                      other machines, e.g. in a container)
  --dist DIR          the build to serve (default dist)
  --config-file FILE  the console's runtime configuration, JSON (README "Deploy");
                      the flags below override its values
  --provider NAME     the source-control system users sign in with (default GitHub)
  --language CODE     language for browsers asking for none the console speaks: en, zh-CN
  --card-hosts LIST   where card schemas live, e.g. "https://drone-plugins.github.io"
                      (default: any https host)
  --image-hosts LIST  where avatars come from, e.g. "https://avatars.githubusercontent.com"
                      (default: any https host)
  --token TOKEN       a Drone token this proxy adds to the console's calls, for a console
                      only you can reach (never sent to the browser); DRONE_TOKEN works too
  -h, --help          print this help`;

export interface ServeOptions {
  /** The Drone server's origin. */
  server: string;
  port: number;
  host: string;
  /** Absolute path of the build. */
  dist: string;
  /** What the browser reads from /config.json (never a token: the proxy holds it). */
  config: RuntimeConfig;
  /** Added by the proxy to the console's calls ('' for none). */
  token: string;
}

export type ServeCommandLine = { help: true } | { help: false; options: ServeOptions };

/** A bad command line: the message says what to fix. */
export class UsageError extends Error {}

const list = (value: string) => value.split(/[\s,]+/).filter(Boolean);

function readConfigFile(path: string): RuntimeConfig {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`--config-file ${path}: ${(error as Error).message}`);
  }
  const { config, problems } = readRuntimeConfig(data);
  if (problems.length > 0) throw new UsageError(`--config-file ${path}: ${problems.join('; ')}`);
  return config;
}

/** Reads the command line strictly: an unknown flag or a bad value throws a UsageError. */
export function parseServeArgs(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): ServeCommandLine {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        port: { type: 'string', default: '8080' },
        host: { type: 'string', default: '127.0.0.1' },
        dist: { type: 'string', default: 'dist' },
        'config-file': { type: 'string' },
        provider: { type: 'string' },
        language: { type: 'string' },
        'card-hosts': { type: 'string' },
        'image-hosts': { type: 'string' },
        token: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };

  const server = (values.server ?? '').replace(/\/$/, '');
  if (!server) throw new UsageError('--server is required: the Drone server’s origin');
  if (!isOrigin(server)) {
    throw new UsageError(
      `--server ${values.server}: not an http(s) origin, like https://drone.example.com`,
    );
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port ${values.port}: not a port number (0 to 65535)`);
  }
  const dist = resolve(values.dist);
  if (!existsSync(join(dist, 'index.html'))) {
    throw new UsageError(`--dist ${values.dist}: no index.html there (build it: npm run build)`);
  }

  const file = values['config-file'] ? readConfigFile(values['config-file']) : {};
  if (file.server) {
    throw new UsageError(
      `--config-file: "server" is for a console on another origin; the serve command is the proxy (--server)`,
    );
  }
  const flags = readRuntimeConfig({
    ...(values.provider !== undefined && { provider: values.provider }),
    ...(values.language !== undefined && { language: values.language }),
    ...(values['card-hosts'] !== undefined && { cardHosts: list(values['card-hosts']) }),
    ...(values['image-hosts'] !== undefined && { imageHosts: list(values['image-hosts']) }),
  });
  if (flags.problems.length > 0) {
    throw new UsageError(
      flags.problems.join('; ').replace(/"(\w+)"/g, (_, key: string) => flag(key)),
    );
  }
  const { token: fileToken, ...config } = { ...file, ...flags.config };
  if (config.language !== undefined && !isLanguage(config.language)) {
    throw new UsageError(`language "${config.language}": the console speaks en and zh-CN`);
  }
  const token = values.token ?? fileToken ?? env.DRONE_TOKEN ?? '';
  return { help: false, options: { server, port, host: values.host, dist, config, token } };
}

/** `cardHosts` -> `--card-hosts`, for messages about flags. */
const flag = (key: string) => `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
