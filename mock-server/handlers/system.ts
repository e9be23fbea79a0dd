// GET /api/system/stats (docs/drone-api.md 3.12 and 4.7; handler/api/system/stats.go), system
// admins only: counts from the store, the queue by platform, and the live subscribers.
import { db } from '../db';
import { goJson } from '../gojson';
import { authorizeAdmin } from '../guards';
import { api, rawJson } from '../http';
import { runtime } from '../runtime';
import type { StageRow } from '../serialize';

interface Platform {
  subscribers: number;
  os: string;
  arch: string;
  variant: string;
  kernel: string;
  pending: number;
  running: number;
}

const platform = (os: string, arch: string, variant = '', kernel = ''): Platform => ({
  subscribers: 0,
  os,
  arch,
  variant,
  kernel,
  pending: 0,
  running: 0,
});

/** newPlatformList: a fixed array of eight, in the order of stats.go's constants. */
function platformList(): Platform[] {
  return [
    platform('linux', 'arm', 'v6'),
    platform('linux', 'arm', 'v7'),
    platform('linux', 'arm64', 'v8'),
    platform('linux', 'arm', 'v9'),
    platform('linux', 'amd64'),
    platform('windows', 'arm64', '', '1709'),
    platform('windows', 'arm64', '', '1803'),
    platform('windows', 'arm64', '', '1809'),
  ];
}

/** aggregatePlatformStats' switch: the index of a stage's platform, or null (see below). */
function platformIndex(stage: StageRow): number | null {
  if (stage.os === 'windows') {
    return stage.kernel === '1709' ? 5 : stage.kernel === '1803' ? 6 : 7;
  }
  if (stage.arch === 'arm') {
    return stage.variant === 'v6' ? 0 : stage.variant === 'v9' ? 3 : 1;
  }
  if (stage.arch === 'arm64') return 2;
  // Drone's default case picks linux/amd64 and then `continue`s, so those stages are never
  // counted: the linux/amd64 entry always reads 0 pending and 0 running.
  return null;
}

function pipelines(): Platform[] {
  const platforms = platformList();
  const incomplete = db.stage.findMany({ where: { status: { in: ['pending', 'running'] } } });
  for (const stage of incomplete) {
    const index = platformIndex(stage);
    const entry = index === null ? undefined : platforms[index];
    if (!entry) continue;
    if (stage.status === 'pending') entry.pending++;
    else entry.running++;
  }
  return platforms;
}

/** A Go map[int64]int as encoding/json writes it: keys as strings, sorted as strings. */
function goIntMap(map: ReadonlyMap<number, number>): string {
  const keys = [...map.keys()].map(String).sort();
  return `{${keys.map((key) => `"${key}":${map.get(Number(key)) ?? 0}`).join(',')}}`;
}

const countBuilds = (status: string) => db.build.count({ where: { status: { equals: status } } });

export const systemHandlers = [
  api('GET', '/system/stats', (ctx) => {
    authorizeAdmin(ctx);
    const { bus, logs } = runtime();
    const counts = {
      users: { total: db.user.count() },
      repos: { active: db.repo.count({ where: { active: { equals: true } } }) },
      builds: {
        pending: countBuilds('pending'),
        running: countBuilds('running'),
        total: db.build.count(),
      },
      pipelines: pipelines(),
      events: { subscribers: bus.subscribers() },
    };
    // `streams` maps each live step's id to its subscriber count ({} when none); `watchers` is
    // declared but never filled in, so it is null.
    const text = goJson(counts).replace(
      /}$/,
      `,"streams":${goIntMap(logs.subscriberCounts())},"watchers":null}`,
    );
    return rawJson(`${text}\n`);
  }),
];
