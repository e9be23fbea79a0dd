import type { Repository, Stage } from '../../api/types';
import { msg, type Message } from '../../i18n/message';

// What the queue page shows, read from Drone's queue (every pending and running stage) and its
// incomplete builds (repository and build number of each), by the scheduler's own rules
// (scheduler/queue/queue.go): a pending stage goes to a runner of its platform and labels, unless
// its `limit` (stages of that name in the repository, scheduled before it or running) or the
// repository's `throttle` (its stages scheduled before it) is reached.

/** A stage's build, for links and names ("acme/api #812"). */
export interface QueueBuild {
  namespace: string;
  name: string;
  number: number;
}

export interface QueueData {
  stages: Stage[];
  /** By build id, from /api/builds/incomplete (at most 50 builds: a stage may have none). */
  builds: Record<number, QueueBuild>;
}

export const HOUR_SECONDS = 3600;

/** linux/arm64, linux/arm/v7, windows/amd64 (1809). */
export function platformOf(stage: Pick<Stage, 'os' | 'arch' | 'variant' | 'kernel'>): string {
  const base = [stage.os || 'linux', stage.arch || 'amd64', stage.variant]
    .filter(Boolean)
    .join('/');
  return stage.kernel ? `${base} (${stage.kernel})` : base;
}

/** Build id to build, from the incomplete builds' repositories. */
export function buildsOf(repos: readonly Repository[]): Record<number, QueueBuild> {
  const builds: Record<number, QueueBuild> = {};
  for (const repo of repos) {
    if (repo.build) {
      builds[repo.build.id] = {
        namespace: repo.namespace,
        name: repo.name,
        number: repo.build.number,
      };
    }
  }
  return builds;
}

/** The newest `started` of a running stage per platform: when a runner last took one. */
export function pickupsOf(stages: readonly Stage[], known: Readonly<Record<string, number>>) {
  const pickups = { ...known };
  for (const stage of stages) {
    if (stage.status !== 'running' || !stage.started) continue;
    const platform = platformOf(stage);
    pickups[platform] = Math.max(pickups[platform] ?? 0, stage.started);
  }
  return pickups;
}

export interface Holder {
  stage: Stage;
  build?: QueueBuild;
  running: boolean;
}

/** The stages holding a stage's `limit`: same repository and name, before it or running. */
function limitHolders(stage: Stage, data: QueueData): Holder[] {
  return data.stages
    .filter(
      (other) =>
        other.repo_id === stage.repo_id &&
        other.id !== stage.id &&
        other.name === stage.name &&
        (other.id < stage.id || other.status === 'running'),
    )
    .map((other) => holder(other, data));
}

/** The stages counted against the repository's throttle: its stages scheduled before this one. */
function throttleHolders(stage: Stage, data: QueueData): Holder[] {
  return data.stages
    .filter((other) => other.repo_id === stage.repo_id && other.id < stage.id)
    .map((other) => holder(other, data));
}

const holder = (stage: Stage, data: QueueData): Holder => ({
  stage,
  build: data.builds[stage.build_id],
  running: stage.status === 'running',
});

/** "#812, #813" (a stage whose build is not among the incomplete builds reads "?"). */
const numbers = (holders: readonly Holder[]) =>
  [...new Set(holders.map((h) => (h.build ? `#${h.build.number}` : '?')))].join(', ');

export interface PendingRow {
  stage: Stage;
  build?: QueueBuild;
  platform: string;
  labels: string[];
  waited: number;
  /** The stages holding the limits in its way. */
  holders: Holder[];
  /** Why it may still be waiting, most telling first. */
  hints: Message[];
}

export interface ReportOptions {
  now: number;
  /** When a runner last took a stage of each platform (seconds). */
  pickups: Readonly<Record<string, number>>;
  paused: boolean;
}

function pendingRow(stage: Stage, data: QueueData, options: ReportOptions): PendingRow {
  const now = Math.floor(options.now / 1000);
  const platform = platformOf(stage);
  const hints: Message[] = [];
  const holders: Holder[] = [];
  if (options.paused) hints.push(msg('admin.queue.hint.paused'));
  if (stage.limit) {
    const limit = limitHolders(stage, data);
    if (limit.length >= stage.limit) {
      holders.push(...limit);
      const running = limit.filter((h) => h.running);
      hints.push(
        running.length > 0
          ? msg('admin.queue.hint.limit', { limit: stage.limit, builds: numbers(running) })
          : msg('admin.queue.hint.limitAhead', { limit: stage.limit, builds: numbers(limit) }),
      );
    }
  }
  if (stage.throttle) {
    const throttled = throttleHolders(stage, data);
    if (throttled.length >= stage.throttle) {
      holders.push(...throttled.filter((h) => !holders.some((o) => o.stage.id === h.stage.id)));
      hints.push(
        msg('admin.queue.hint.throttle', { limit: stage.throttle, builds: numbers(throttled) }),
      );
    }
  }
  const waited = Math.max(0, now - stage.created);
  const lastPickup = options.pickups[platform] ?? 0;
  if (waited > HOUR_SECONDS && now - lastPickup > HOUR_SECONDS) {
    hints.push(msg('admin.queue.hint.noPickup', { platform }));
  }
  return {
    stage,
    build: data.builds[stage.build_id],
    platform,
    labels: Object.entries(stage.labels ?? {}).map(([key, value]) => `${key}=${value}`),
    waited,
    holders,
    hints,
  };
}

export interface RunnerGroup {
  machine: string;
  stages: Array<{ stage: Stage; build?: QueueBuild; elapsed: number }>;
}

export interface PlatformCount {
  platform: string;
  pending: number;
  running: number;
}

export interface QueueReport {
  pending: PendingRow[];
  runners: RunnerGroup[];
  platforms: PlatformCount[];
}

/** The page's three sections, at `now`. */
export function queueReport(data: QueueData, options: ReportOptions): QueueReport {
  const now = Math.floor(options.now / 1000);
  const pending = data.stages
    .filter((stage) => stage.status === 'pending')
    .map((stage) => pendingRow(stage, data, options))
    .sort((a, b) => b.waited - a.waited || a.stage.id - b.stage.id);
  const groups = new Map<string, RunnerGroup>();
  const platforms = new Map<string, PlatformCount>();
  for (const stage of data.stages) {
    const platform = platformOf(stage);
    const count = platforms.get(platform) ?? { platform, pending: 0, running: 0 };
    platforms.set(platform, count);
    if (stage.status === 'pending') count.pending++;
    if (stage.status !== 'running') continue;
    count.running++;
    const machine = stage.machine ?? '';
    const group = groups.get(machine) ?? { machine, stages: [] };
    groups.set(machine, group);
    group.stages.push({
      stage,
      build: data.builds[stage.build_id],
      elapsed: stage.started ? Math.max(0, now - stage.started) : 0,
    });
  }
  const byName =
    <T>(key: (item: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    pending,
    runners: [...groups.values()].sort(byName((group) => group.machine)),
    platforms: [...platforms.values()].sort(byName((count) => count.platform)),
  };
}
