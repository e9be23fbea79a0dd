import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createBuildStore } from '../../api/buildStore';
import type { Build } from '../../api/types';
import { makeBuild, makeStage, makeStep, repoRef } from '../../../tests/factories';
import { DETAILS_IN_FLIGHT, finishedBuild, loadHistory, type HistorySources } from './history';

let storeNumber = 0;
/** A fresh IndexedDB database per test. */
const freshStore = () => createBuildStore(`builds-test-${(storeNumber += 1)}`);

const detailed = (build: Build) => ({
  ...build,
  stages: [makeStage(1, build.status, { steps: [makeStep(1, build.status)] })],
});

/** A server of `count` builds (newest first) that records what it is asked and how many at once. */
function fakeServer(count: number, overrides: (n: number) => Partial<Build> = () => ({})) {
  const builds = Array.from({ length: count }, (_, i) =>
    makeBuild({ number: count - i, ...overrides(count - i) }),
  );
  const asked = { lists: 0, details: [] as number[], inFlight: 0, mostInFlight: 0 };
  const sources = (store = freshStore()): HistorySources => ({
    store,
    list: async (_ref, page, perPage) => {
      asked.lists += 1;
      return builds.slice((page - 1) * perPage, page * perPage);
    },
    detail: async (_ref, number) => {
      asked.details.push(number);
      asked.inFlight += 1;
      asked.mostInFlight = Math.max(asked.mostInFlight, asked.inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      asked.inFlight -= 1;
      return detailed(builds.find((b) => b.number === number)!);
    },
  });
  return { asked, sources };
}

describe('build history', () => {
  it('asks for each finished build once, at most 6 at a time, then reads them from IndexedDB', async () => {
    const { asked, sources } = fakeServer(30);
    const store = freshStore();
    const first = await loadHistory({ ref: repoRef, filter: {}, count: 20 }, sources(store));
    expect(first.builds.map((b) => b.number)).toEqual(Array.from({ length: 20 }, (_, i) => 30 - i));
    expect(first.builds[0]!.stages).toHaveLength(1);
    expect(asked.details).toHaveLength(20);
    expect(asked.mostInFlight).toBe(DETAILS_IN_FLIGHT);
    expect(first.requests).toBe(21);

    const second = await loadHistory({ ref: repoRef, filter: {}, count: 20 }, sources(store));
    expect(asked.details).toHaveLength(20);
    expect(second.requests).toBe(1);
    expect(second.builds[5]!.stages).toHaveLength(1);
  });

  it('never keeps a running build: its details are asked for again', async () => {
    const { asked, sources } = fakeServer(3, (n) => (n === 3 ? { status: 'running' } : {}));
    const store = freshStore();
    await loadHistory({ ref: repoRef, filter: {}, count: 5 }, sources(store));
    expect(asked.details).toEqual([2, 1]);
    expect((await store.read(repoRef, [1, 2, 3])).size).toBe(2);
  });

  it('reads list pages until it has enough builds of the filter', async () => {
    const { asked, sources } = fakeServer(250, (n) => ({
      target: n % 10 === 0 ? 'release' : 'main',
      source: n % 10 === 0 ? 'release' : 'main',
    }));
    const history = await loadHistory(
      { ref: repoRef, filter: { branch: 'release' }, count: 25 },
      sources(),
    );
    expect(history.builds).toHaveLength(25);
    expect(asked.lists).toBe(3);
  });

  it('keeps builds for the visit where IndexedDB is missing', async () => {
    const store = createBuildStore('unused', false);
    await store.keep(repoRef, [makeBuild({ number: 4 })]);
    expect([...(await store.read(repoRef, [4, 5])).keys()]).toEqual([4]);
  });

  it('takes a finished build from the store before asking', async () => {
    const { asked, sources } = fakeServer(2);
    const store = freshStore();
    await store.keep(repoRef, [detailed(makeBuild({ number: 2 }))]);
    await finishedBuild(repoRef, 2, sources(store));
    await finishedBuild(repoRef, 1, sources(store));
    await finishedBuild(repoRef, 1, sources(store));
    expect(asked.details).toEqual([1]);
  });
});
