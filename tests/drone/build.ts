// Builds Drone's server and exec runner from their Go modules (tests/drone/go/*/go.mod pin the
// versions) and keeps the binaries outside the checkout, keyed by what they are built from, so a
// warm run does not rebuild and `npm ci` (which empties node_modules) does not cost a rebuild.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

const MODULES = resolve(import.meta.dirname, 'go');

interface Binary {
  /** The folder under tests/drone/go that pins it. */
  module: 'server' | 'runner';
  /** The main package go builds. */
  main: string;
  cgo: boolean;
}

const BINARIES: Record<'server' | 'runner', Binary> = {
  // sqlite needs cgo.
  server: { module: 'server', main: 'github.com/drone/drone/cmd/drone-server', cgo: true },
  runner: { module: 'runner', main: 'github.com/drone-runners/drone-runner-exec', cgo: false },
};

export interface DroneBinaries {
  server: string;
  runner: string;
}

/** The go command: GO, else `go` on PATH, else Go's default install folder. */
function goCommand(): string | undefined {
  const candidates = [process.env.GO, 'go', '/usr/local/go/bin/go'].filter(Boolean) as string[];
  return candidates.find((command) => spawnSync(command, ['version']).status === 0);
}

/** Why Go cannot build here, or undefined when it can. */
export function goMissing(): string | undefined {
  return goCommand() ? undefined : 'Go is not installed (no `go` on PATH nor /usr/local/go)';
}

function cacheRoot(): string {
  const base = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return process.env.DRONE_BUILD_CACHE ?? join(base, 'drone-console', 'bin');
}

/** The binary's path: a hash of its module files and the Go version. */
function cachedPath(binary: Binary): string {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum']) {
    hash.update(readFileSync(join(MODULES, binary.module, file)));
  }
  hash.update(execFileSync(goCommand()!, ['version'], { encoding: 'utf8' }));
  return join(cacheRoot(), `${binary.module}-${hash.digest('hex').slice(0, 16)}`);
}

function build(binary: Binary, log: (line: string) => void): string {
  const target = cachedPath(binary);
  if (existsSync(target)) {
    log(`drone: ${binary.module} binary cached (${target})`);
    return target;
  }
  mkdirSync(cacheRoot(), { recursive: true });
  const started = Date.now();
  log(`drone: building ${binary.main} (a cold build takes a few minutes) ...`);
  const partial = `${target}.${process.pid}.partial`;
  const result = spawnSync(goCommand()!, ['build', '-trimpath', '-o', partial, binary.main], {
    cwd: join(MODULES, binary.module),
    env: { ...process.env, CGO_ENABLED: binary.cgo ? '1' : '0', GOFLAGS: '-mod=readonly' },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    // sqlite's C compiler warnings are noise; the Go errors are what matters.
    const errors = `${result.stderr}`
      .split('\n')
      .filter((line) => !/warning:|^\s*\d+ \||\^~|note:|In function/.test(line))
      .join('\n');
    throw new Error(`go build ${binary.main} failed:\n${errors || result.error?.message}`);
  }
  renameSync(partial, target);
  log(`drone: built ${binary.module} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return target;
}

/** Both binaries, built when not cached. Throws with go's own message when a build fails. */
export function droneBinaries(log: (line: string) => void = console.info): DroneBinaries {
  const missing = goMissing();
  if (missing) throw new Error(`drone: ${missing}`);
  const started = Date.now();
  const binaries = { server: build(BINARIES.server, log), runner: build(BINARIES.runner, log) };
  log(`drone: binaries ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return binaries;
}

if (import.meta.url === `file://${process.argv[1]}`) droneBinaries();
