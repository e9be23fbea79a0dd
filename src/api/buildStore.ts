import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { serverUrl } from './client';
import type { RepoRef } from './repos';
import type { Build } from './types';
import { BUILD_STORE_NAME } from './keptBuilds';

// Issue 31 part 1: finished builds never change (docs/drone-api.md 3.3), so their details are kept
// in the browser's IndexedDB and never asked for twice. Keyed by server and repository: a stored
// build is only read back for a number the server's own (permission-checked) list has just
// returned, so nothing is shown to someone the server would not show it to. Where IndexedDB is
// missing or refuses (private windows, old browsers), the builds are kept for the visit only.

interface BuildStoreSchema extends DBSchema {
  builds: { key: [string, number]; value: { repo: string; number: number; build: Build } };
}

export interface BuildStore {
  read(repo: RepoRef, numbers: readonly number[]): Promise<Map<number, Build>>;
  keep(repo: RepoRef, builds: readonly Build[]): Promise<void>;
}

export { BUILD_STORE_NAME };

const repoKey = (repo: RepoRef) => `${serverUrl('/').origin}/${repo.namespace}/${repo.name}`;

/** A store over one IndexedDB database (idb opens it through the global `indexedDB`). */
export function createBuildStore(
  name = BUILD_STORE_NAME,
  hasIndexedDb = typeof indexedDB !== 'undefined',
): BuildStore {
  const memory = new Map<string, Build>();
  const memoryKey = (repo: string, number: number) => `${repo}#${number}`;
  let opened: Promise<IDBPDatabase<BuildStoreSchema> | null> | null = null;
  const database = () =>
    (opened ??= hasIndexedDb
      ? openDB<BuildStoreSchema>(name, 1, {
          upgrade: (db) => db.createObjectStore('builds', { keyPath: ['repo', 'number'] }),
          // The session ended (./keptBuilds.ts): let the database go, and what the visit kept.
          blocking: () => forget(),
        }).catch(() => null)
      : Promise.resolve(null));

  const forget = () => {
    void opened?.then((db) => db?.close());
    opened = null;
    memory.clear();
  };

  return {
    async read(repo, numbers) {
      const key = repoKey(repo);
      const found = new Map<number, Build>();
      const db = await database();
      const tx = db?.transaction('builds');
      await Promise.all(
        numbers.map(async (number) => {
          const kept =
            memory.get(memoryKey(key, number)) ?? (await tx?.store.get([key, number]))?.build;
          if (kept) found.set(number, kept);
        }),
      );
      return found;
    },
    async keep(repo, builds) {
      const key = repoKey(repo);
      const db = await database();
      if (!db) {
        for (const build of builds) memory.set(memoryKey(key, build.number), build);
        return;
      }
      const tx = db.transaction('builds', 'readwrite');
      await Promise.all([
        ...builds.map((build) => tx.store.put({ repo: key, number: build.number, build })),
        tx.done,
      ]);
    },
  };
}
