import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor, type AnyEventObject } from 'xstate';
import type { Build, Repository } from '../../api/types';
import { makeBuild, makeRepo } from '../../../tests/factories';
import { loadRepoHealth, measuredRepos, repoHealthMachine } from './repoHealth.machine';

const repo = (id: number, name: string) =>
  makeRepo({ id, name, slug: `acme/${name}`, namespace: 'acme', active: true, build: makeBuild() });
const builds = (statuses: Build['status'][]) =>
  statuses.map((status, i) => makeBuild({ number: statuses.length - i, status }));

describe('repository health', () => {
  it('measures only active repositories with builds, at most 6 lists at a time', async () => {
    const repos = [
      ...Array.from({ length: 10 }, (_, i) => repo(i + 1, `r${i + 1}`)),
      makeRepo({ id: 99, slug: 'acme/off', active: false }),
      makeRepo({ id: 98, slug: 'acme/never', active: true, build: undefined }),
    ];
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const measured = measuredRepos(repos);
    const loaded = await loadRepoHealth(measured, async (r) => {
      asked.push(r.slug);
      most = Math.max(most, (inFlight += 1));
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return [];
    });
    expect(measured).toHaveLength(10);
    expect(loaded.builds.size).toBe(10);
    expect(asked).not.toContain('acme/off');
    expect(most).toBe(6);
  });

  it('sorts by failure rate or p95 and follows new builds', async () => {
    const listeners = new Set<(event: AnyEventObject) => void>();
    const a = repo(1, 'a');
    const b = repo(2, 'b');
    const lists = new Map<number, Build[]>([
      [1, builds(['success', 'success', 'success', 'success', 'failure'])],
      [2, builds(['failure', 'failure', 'success', 'success', 'success'])],
    ]);
    const machine = repoHealthMachine.provide({
      actors: {
        loadRepoHealth: fromPromise(async () => ({ builds: lists })),
        followRepoEvents: fromCallback(({ sendBack }) => {
          listeners.add(sendBack);
          return () => listeners.delete(sendBack);
        }),
      },
    });
    const actor = createActor(machine).start();
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'health.repos', repos: [a, b] });
    await waitFor(actor, (s) => s.matches('ready'));
    // The dashboard's list changed, not the repositories measured: nothing is asked again.
    actor.send({ type: 'health.repos', repos: [{ ...b }, { ...a }] });
    expect(actor.getSnapshot().value).toBe('ready');
    const slugs = () => actor.getSnapshot().context.rows.map((row) => row.repo.slug);
    expect(slugs()).toEqual(['acme/b', 'acme/a']);
    // b's two newest builds (#5, #4) failed: red since #4.
    expect(actor.getSnapshot().context.rows[0]!.red).toEqual({
      number: 4,
      since: expect.any(Number),
    });
    for (const number of [6, 7, 8]) {
      const update: Repository = { ...a, build: makeBuild({ number, status: 'failure' }) };
      listeners.forEach((listener) => listener({ type: 'repo.updated', repo: update }));
    }
    expect(slugs()).toEqual(['acme/a', 'acme/b']);
    expect(actor.getSnapshot().context.rows[0]!.red?.number).toBe(6);
    actor.send({ type: 'health.sort', sort: 'p95' });
    expect(actor.getSnapshot().context.sort).toBe('p95');
  });
});
