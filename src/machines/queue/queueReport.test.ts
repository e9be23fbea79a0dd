import { describe, expect, it } from 'vitest';
import { makeStage } from '../../../tests/factories';
import { said } from '../../../tests/said';
import { pickupsOf, platformOf, queueReport, type QueueData } from './queueReport';

const NOW = Date.UTC(2026, 10, 1, 12, 0, 0);
const now = NOW / 1000;

const deploy = (id: number, status: 'pending' | 'running', buildId: number) =>
  makeStage(1, status, {
    id,
    repo_id: 5,
    build_id: buildId,
    name: 'deploy',
    limit: 1,
    machine: status === 'running' ? 'runner-a' : undefined,
    started: status === 'running' ? now - 600 : 0,
    created: now - 900,
  });

const builds = {
  811: { namespace: 'acme', name: 'payments', number: 811 },
  812: { namespace: 'acme', name: 'payments', number: 812 },
  813: { namespace: 'acme', name: 'payments', number: 813 },
};

describe('queueReport', () => {
  it('names the running stage that holds the concurrency limit', () => {
    const data: QueueData = {
      stages: [deploy(1, 'running', 812), deploy(2, 'pending', 813)],
      builds,
    };
    const [row] = queueReport(data, { now: NOW, pickups: {}, paused: false }).pending;
    expect(row?.hints.map(said)).toEqual(['concurrency limit 1 reached: #812 running']);
    expect(row?.holders.map((h) => h.build?.number)).toEqual([812]);
  });

  it('counts a stage scheduled before it against the limit, even pending', () => {
    const data: QueueData = {
      stages: [deploy(1, 'pending', 811), deploy(2, 'pending', 813)],
      builds,
    };
    const rows = queueReport(data, { now: NOW, pickups: {}, paused: false }).pending;
    const later = rows.find((row) => row.stage.id === 2);
    expect(later?.hints.map(said)).toEqual([
      'concurrency limit 1 reached: #811 ahead in the queue',
    ]);
    expect(rows.find((row) => row.stage.id === 1)?.hints).toEqual([]);
  });

  it("applies the repository's throttle to its stages scheduled before", () => {
    const stage = (id: number, status: 'pending' | 'running', build: number) =>
      makeStage(1, status, { id, repo_id: 5, build_id: build, throttle: 1, created: now - 60 });
    const data: QueueData = {
      stages: [stage(1, 'running', 811), stage(2, 'pending', 812)],
      builds,
    };
    const [row] = queueReport(data, { now: NOW, pickups: {}, paused: false }).pending;
    expect(row?.hints.map(said)).toEqual(['repository throttle 1 reached: #811 ahead']);
  });

  it('says nothing of the platform while a stage of it was picked up within the hour', () => {
    const waiting = makeStage(1, 'pending', { id: 3, arch: 'arm64', created: now - 7200 });
    const data: QueueData = { stages: [waiting], builds: {} };
    const pickups = pickupsOf(
      [makeStage(1, 'running', { arch: 'arm64', started: now - 1800 })],
      {},
    );
    expect(pickups).toEqual({ 'linux/arm64': now - 1800 });
    const [row] = queueReport(data, { now: NOW, pickups, paused: false }).pending;
    expect(row?.hints).toEqual([]);
  });

  it('groups running stages by runner with elapsed time and counts stages per platform', () => {
    const data: QueueData = {
      stages: [
        deploy(1, 'running', 812),
        makeStage(1, 'running', { id: 4, machine: 'runner-b', started: now - 5, build_id: 811 }),
        makeStage(2, 'pending', { id: 5, arch: 'arm64', variant: 'v8', created: now - 30 }),
      ],
      builds,
    };
    const report = queueReport(data, { now: NOW, pickups: {}, paused: false });
    expect(report.runners.map((g) => [g.machine, g.stages.map((s) => s.elapsed)])).toEqual([
      ['runner-a', [600]],
      ['runner-b', [5]],
    ]);
    expect(report.platforms).toEqual([
      { platform: 'linux/amd64', pending: 0, running: 2 },
      { platform: 'linux/arm64/v8', pending: 1, running: 0 },
    ]);
  });

  it('writes a platform as os/arch[/variant] with the kernel after it', () => {
    expect(platformOf({ os: 'windows', arch: 'amd64', kernel: '1809' })).toBe(
      'windows/amd64 (1809)',
    );
  });
});
