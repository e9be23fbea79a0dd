// Starts nginx or Caddy with the deploy/ template in front of a Drone server, as the end-to-end
// tests' own process (tests/e2e/servers.ts): its own configuration, pid, logs and temporary files
// in a temporary folder, on loopback, never the system service. Prints `Console: <url>` once
// listening, like the serve command, and stops the server and removes the folder when stopped.
//   npx tsx tests/e2e/front.ts nginx|caddy --port N --server URL --dist DIR [--provider NAME]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { render } from '../../deploy/render';

type Kind = 'nginx' | 'caddy';

const PATH = `${process.env.PATH ?? ''}:/usr/sbin:/sbin:/usr/bin`;
const which = (binary: string) =>
  spawnSync('sh', ['-c', `command -v ${binary}`], { env: { ...process.env, PATH } })
    .stdout.toString()
    .trim();

/** Debian's packages, installed when missing (as root), else a message that says how. */
function binaryOf(kind: Kind): string {
  if (!which(kind) && process.getuid?.() === 0 && which('apt-get')) {
    console.info(`${kind} is missing: apt-get install -y nginx-light caddy`);
    // RUNLEVEL=1: the packages' scripts do not start the system services.
    const env = { ...process.env, PATH, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
    const install = () =>
      execFileSync('apt-get', ['install', '-y', 'nginx-light', 'caddy'], { stdio: 'inherit', env });
    try {
      install();
    } catch {
      execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      install();
    }
  }
  const binary = which(kind);
  if (!binary) {
    console.error(
      `${kind} is not installed. The deployment tests run it from Debian's packages: as root, ` +
        'apt-get install -y nginx-light caddy (or set E2E_MOCK_ONLY=1 to skip server-mode tests).',
    );
    process.exit(1);
  }
  return binary;
}

function nginxFiles(dir: string, site: string): string[] {
  const main = join(dir, 'nginx.conf');
  writeFileSync(
    main,
    [
      // As root, the workers would run as nobody, who may not read the build or this folder.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log;`,
      'events { worker_connections 512; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (temp) => `  ${temp}_temp_path ${dir}/${temp};`,
      ),
      `  include ${site};`,
      '}',
    ].join('\n'),
  );
  return ['-p', dir, '-c', main, '-e', `${dir}/error.log`, '-g', 'daemon off;'];
}

function caddyFiles(dir: string, site: string): string[] {
  const main = join(dir, 'Caddyfile');
  writeFileSync(
    main,
    [
      '{',
      '\tadmin off',
      '\tauto_https off',
      // Open event streams would otherwise hold a stop for Caddy's default grace period.
      '\tgrace_period 1s',
      `\tstorage file_system ${dir}/data`,
      `\tlog {\n\t\toutput file ${dir}/caddy.log\n\t}`,
      '}',
      '',
      `import ${site}`,
    ].join('\n'),
  );
  return ['run', '--config', main, '--adapter', 'caddyfile'];
}

function listening(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => done(!!socket.destroy()));
    socket.once('error', () => done(false));
  });
}

function main(): void {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      server: { type: 'string' },
      dist: { type: 'string' },
      provider: { type: 'string', default: 'GitHub' },
    },
  });
  const kind = positionals[0] as Kind;
  if (!['nginx', 'caddy'].includes(kind) || !values.port || !values.server || !values.dist) {
    throw new Error('usage: front.ts nginx|caddy --port N --server URL --dist DIR');
  }
  const binary = binaryOf(kind);
  const port = Number(values.port);
  // One folder per front and port: a run killed before it could clean up leaves it to the next.
  const dir = join(tmpdir(), `drone-console-${kind}-${port}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'config'), { recursive: true });
  chmodSync(dir, 0o755);
  writeFileSync(join(dir, 'config', 'config.json'), JSON.stringify({ provider: values.provider }));
  const template = readFileSync(
    new URL(`../../deploy/${kind === 'nginx' ? 'nginx.conf' : 'Caddyfile'}`, import.meta.url),
    'utf8',
  );
  const site = join(dir, 'site.conf');
  writeFileSync(
    site,
    render(template, {
      DRONE_SERVER: values.server,
      CONSOLE_DIST: resolve(values.dist),
      CONSOLE_CONFIG_DIR: join(dir, 'config'),
      ...(kind === 'nginx'
        ? { CONSOLE_LISTEN: `127.0.0.1:${port}` }
        : { CONSOLE_SITE: `http://127.0.0.1:${port}` }),
    }),
  );
  const args = kind === 'nginx' ? nginxFiles(dir, site) : caddyFiles(dir, site);
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir };
  const child = spawn(binary, args, { stdio: 'inherit', env });
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  child.on('exit', (code) => {
    cleanUp();
    process.exit(code ?? 1);
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => child.kill('SIGTERM'));
  const announce = async () => {
    while (!(await listening(port))) await new Promise((done) => setTimeout(done, 100));
    console.info(`Console: http://127.0.0.1:${port}`);
  };
  void announce();
}

main();
