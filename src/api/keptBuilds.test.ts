import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeBuild, repoRef } from '../../tests/factories';
import { createBuildStore } from './buildStore';
import { forgetKeptBuilds } from './keptBuilds';
import { waitUntil } from '../../tests/wait';

describe('the builds kept for the insights', () => {
  it('go when the session ends, also while a store holds the database open', async () => {
    const repo = repoRef;
    const store = createBuildStore();
    await store.keep(repo, [makeBuild({ number: 7 })]);
    expect((await store.read(repo, [7])).has(7)).toBe(true);

    forgetKeptBuilds();
    await waitUntil(async () => expect((await store.read(repo, [7])).size).toBe(0));
    // A new store (the next user's) finds nothing either.
    expect((await createBuildStore().read(repo, [7])).size).toBe(0);
  });
});
