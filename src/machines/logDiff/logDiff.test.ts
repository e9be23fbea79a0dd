import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { StepRef } from '../../api/logs';
import type { Build, Status } from '../../api/types';
import { LogLines } from '../../logs';
import { diffLogs, type LogDiff } from '../../logs/logDiff';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { said } from '../../../tests/said';
import {
  logDiffMachine,
  MAX_PAGES,
  PAGE_SIZE,
  selectLogDiffState,
  type BaselineInput,
  type BothLogs,
  type BothLogsInput,
  type PageInput,
} from './logDiff.machine';

const repo = { namespace: 'acme', name: 'api' };

/** A build whose stage `build` has `clone` and `test` (the test step with the given status). */
const built = (number: number, status: Status, fields: Partial<Build> = {}) =>
  makeBuild({
    number,
    status,
    stages: [
      makeStage(1, status, {
        name: 'build',
        steps: [makeStep(1, 'success', { name: 'clone' }), makeStep(2, status, { name: 'test' })],
      }),
    ],
    ...fields,
  });

const failed = built(150, 'failure');
const failedStage = failed.stages![0]!;
const failedStep = failedStage.steps![1]!;

const lines = (texts: string[]) =>
  LogLines.from(texts.map((out, pos) => ({ pos, out: `${out}\n`, time: pos })));
const LOGS: Record<number, LogLines> = {
  150: lines(['go test ./...', 'ok store 0.2s', '--- FAIL: TestOrders', 'FAIL']),
  140: lines(['go test ./...', 'ok store 0.9s', 'ok orders 0.4s']),
  138: lines(['go test ./...', 'ok store 0.3s', 'ok orders 0.5s', 'ok extra 0.1s']),
};

/** A full page of newer builds of other branches: nothing to compare with on it. */
const otherBranches = Array.from({ length: PAGE_SIZE }, (_, k) =>
  makeBuild({ number: 400 - k, target: 'feature/x', status: 'success' }),
);
const pageWithGreen = [
  built(149, 'failure'),
  makeBuild({ number: 145, event: 'pull_request', status: 'success' }),
  built(140, 'success'),
  built(138, 'success'),
];

function start({
  pages,
  build = failed,
  builds = {},
}: {
  pages: (page: number) => Build[] | Error;
  build?: Build;
  builds?: Record<number, Build>;
}) {
  const calls: string[] = [];
  const machine = logDiffMachine.provide({
    actors: {
      fetchBuildsPage: fromPromise<Build[], PageInput>(async ({ input }) => {
        calls.push(`page ${input.page}`);
        const page = pages(input.page);
        if (page instanceof Error) throw page;
        return page;
      }),
      fetchBaseline: fromPromise<Build, BaselineInput>(async ({ input }) => {
        calls.push(`build ${input.number}`);
        return builds[input.number] ?? built(input.number, 'success');
      }),
      fetchBothLogs: fromPromise<BothLogs, BothLogsInput>(async ({ input }) => {
        const ref = (at: StepRef) => `${at.build}/${at.stage}/${at.step}`;
        calls.push(`logs ${ref(input.before)} ${ref(input.after)}`);
        return { before: LOGS[input.before.build]!, after: LOGS[input.after.build]! };
      }),
      diffLogs: fromPromise<LogDiff, BothLogs>(async ({ input }) => {
        const outs = (log: LogLines) => Array.from({ length: log.length }, (_, k) => log.outAt(k));
        return diffLogs(outs(input.before), outs(input.after));
      }),
    },
  });
  const stage = build.stages![0]!;
  const actor = createActor(machine, {
    input: { repo, build, stage, step: stage.steps![1]! },
  }).start();
  return { actor, calls };
}

const stateOf = (actor: ReturnType<typeof start>['actor']) =>
  selectLogDiffState(actor.getSnapshot());

describe('log diff machine', () => {
  it('asks nothing until opened', () => {
    const { actor, calls } = start({ pages: () => pageWithGreen });
    expect(stateOf(actor)).toBe('closed');
    expect(calls).toEqual([]);
  });

  it('pages to the last green build of the branch, reads both logs and diffs them', async () => {
    const { actor, calls } = start({
      pages: (page) => (page === 1 ? otherBranches : pageWithGreen),
    });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    expect(calls).toEqual(['page 1', 'page 2', 'build 140', 'logs 140/1/2 150/1/2']);
    const { diff, offered, logs } = actor.getSnapshot().context;
    expect(diff).toMatchObject({ added: 2, removed: 1, firstNewError: { line: 3 } });
    // The branch's builds, not the pull request into it nor other branches.
    expect(offered.map((build) => build.number)).toEqual([149, 140, 138]);
    expect(logs).toBeNull();
  });

  it('compares a pull request with the last green build of its target branch', async () => {
    const pull = built(150, 'failure', { event: 'pull_request', target: 'main', source: 'fix' });
    const { actor, calls } = start({ build: pull, pages: () => pageWithGreen });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    expect(calls).toContain('build 140');
  });

  it('says so when the branch has no green build in the builds searched', async () => {
    const { actor, calls } = start({ pages: () => otherBranches });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'none' }));
    expect(calls).toHaveLength(MAX_PAGES);
    const short = start({ pages: () => [built(149, 'failure')] });
    short.actor.send({ type: 'diff.open' });
    await waitFor(short.actor, (snapshot) => snapshot.matches({ open: 'none' }));
    expect(short.calls).toEqual(['page 1']);
    // The failed builds of the branch can still be picked.
    expect(short.actor.getSnapshot().context.offered.map((build) => build.number)).toEqual([149]);
  });

  it("shows the server's message when a call fails, and Retry asks again", async () => {
    let fail = true;
    const { actor, calls } = start({
      pages: () => (fail ? new ApiError(500, 'database is locked') : pageWithGreen),
    });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'failed' }));
    expect(said(actor.getSnapshot().context.error)).toBe('database is locked');
    fail = false;
    actor.send({ type: 'diff.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    expect(calls).toEqual(['page 1', 'page 1', 'build 140', 'logs 140/1/2 150/1/2']);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('compares with the build the user picks', async () => {
    const { actor, calls } = start({ pages: () => pageWithGreen });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    actor.send({ type: 'diff.pick', number: 138 });
    expect(actor.getSnapshot().context.diff).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    expect(calls.slice(-2)).toEqual(['build 138', 'logs 138/1/2 150/1/2']);
    expect(actor.getSnapshot().context).toMatchObject({
      chosen: 138,
      baseline: { build: 138 },
      diff: { removed: 2 },
    });
  });

  it('says so when the build picked has no log of the same step', async () => {
    const without = makeBuild({
      number: 140,
      stages: [makeStage(1, 'success', { name: 'build' })],
    });
    const { actor } = start({ pages: () => pageWithGreen, builds: { 140: without } });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'noStep' }));
    expect(actor.getSnapshot().context.baseline).toBeNull();
  });

  it('keeps the comparison when closed and opened again', async () => {
    const { actor, calls } = start({ pages: () => pageWithGreen });
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'ready' }));
    actor.send({ type: 'diff.close' });
    expect(stateOf(actor)).toBe('closed');
    actor.send({ type: 'diff.open' });
    expect(stateOf(actor)).toBe('ready');
    expect(calls.filter((call) => call.startsWith('page'))).toHaveLength(1);
  });

  it('reports a diff that failed with its message', async () => {
    const machine = logDiffMachine.provide({
      actors: {
        fetchBuildsPage: fromPromise(async () => pageWithGreen),
        fetchBaseline: fromPromise(async () => built(140, 'success')),
        fetchBothLogs: fromPromise(async () => ({ before: LOGS[140]!, after: LOGS[150]! })),
        diffLogs: fromPromise<LogDiff, BothLogs>(async () => {
          throw new Error('out of memory');
        }),
      },
    });
    const actor = createActor(machine, {
      input: { repo, build: failed, stage: failedStage, step: failedStep },
    }).start();
    actor.send({ type: 'diff.open' });
    await waitFor(actor, (snapshot) => snapshot.matches({ open: 'failed' }));
    expect(said(actor.getSnapshot().context.error)).toBe(
      'The logs could not be compared: out of memory',
    );
  });
});
