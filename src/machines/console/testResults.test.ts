import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import type { Build } from '../../api/types';
import { LogLines } from '../../logs';
import type { CardReport } from '../../logs/tests/cardTests';
import { makeBuild, makeStage, makeStep } from '../../../tests/factories';
import { said } from '../../../tests/said';
import { waitUntil } from '../../../tests/wait';
import { findPreviousStepLog, type PreviousStepLog } from './previousStepLog';
import { TESTS_PAGE, testResultsMachine, type LogSource } from './testResults.machine';

const repo = { namespace: 'acme', name: 'ledger' };
const step = makeStep(2, 'failure', { name: 'tap' });
const stage = makeStage(1, 'failure', { name: 'test', steps: [makeStep(1, 'success'), step] });
const build = makeBuild({ number: 3, status: 'failure', stages: [stage] });

const logOf = (text: string) =>
  LogLines.from(text.split('\n').map((out, pos) => ({ pos, out: `${out}\n`, time: 0 })));
const CURRENT = logOf('ok 1 - adds\nnot ok 2 - dates\nnot ok 3 - currency\nok 4 - sorts # SKIP');
const PREVIOUS = logOf('ok 1 - adds\nnot ok 2 - dates\nok 3 - currency');

/** The console as the panel sees it: a state and lines, changed by the test. */
function fakeConsole(value: string, lines: LogLines, shown: { id: number } = step) {
  let snapshot = { value: value as unknown, context: { lines, step: shown } };
  const observers = new Set<(next: typeof snapshot) => void>();
  const source: LogSource & { become(value: string): void } = {
    getSnapshot: () => snapshot,
    subscribe(observer) {
      observers.add(observer);
      return { unsubscribe: () => observers.delete(observer) };
    },
    become(next) {
      snapshot = { value: next, context: { lines, step: shown } };
      observers.forEach((observer) => observer(snapshot));
    },
  };
  return source;
}

function start({
  log = fakeConsole('resolved', CURRENT),
  previous = async (): Promise<PreviousStepLog> => ({ build: 2, lines: PREVIOUS }),
  card = async (): Promise<CardReport[] | null> => null,
  testedStep = step,
}: {
  log?: LogSource;
  previous?: () => Promise<PreviousStepLog>;
  card?: () => Promise<CardReport[] | null>;
  testedStep?: typeof step;
} = {}) {
  const machine = testResultsMachine.provide({
    actors: {
      findPreviousStepLog: fromPromise(previous),
      fetchTestsCard: fromPromise(card),
    },
  });
  const actor = createActor(machine, { input: { repo, build, stage, step: testedStep, log } });
  actor.start();
  return actor;
}

const logState = (actor: ReturnType<typeof start>) => {
  const value = actor.getSnapshot().value as { log: unknown };
  return typeof value.log === 'string' ? value.log : Object.keys(value.log as object)[0];
};

describe('testResults machine', () => {
  it('waits until the console has the whole log, then reads it', async () => {
    const log = fakeConsole('loading', CURRENT);
    const actor = start({ log });
    expect(logState(actor)).toBe('waiting');
    log.become('resolved');
    await waitUntil(() => expect(logState(actor)).toBe('ready'));
    expect(actor.getSnapshot().context.report?.ends).toHaveLength(4);
  });

  it("never reads the previous step's log the console still holds after a step change", async () => {
    const log = fakeConsole('resolved', PREVIOUS, { id: step.id + 1 });
    const actor = start({ log });
    await Promise.resolve();
    expect(logState(actor)).toBe('waiting');
    expect(actor.getSnapshot().context.lines).toBeNull();
  });

  it('marks each failure new or already failing against the previous build', async () => {
    const actor = start();
    await waitUntil(() => expect(logState(actor)).toBe('ready'));
    const { comparison, previousBuild, alreadyFailing } = actor.getSnapshot().context;
    expect([comparison, previousBuild]).toEqual(['compared', 2]);
    // Failures first, in log order: dates (failed before), currency (new).
    expect(Array.from(alreadyFailing!)).toEqual([1, 0]);
  });

  it('says when there is no previous build, or it did not run the step', async () => {
    const none = start({ previous: async () => ({ build: null, lines: null }) });
    await waitUntil(() => expect(logState(none)).toBe('ready'));
    expect(none.getSnapshot().context.comparison).toBe('noPrevious');
    const noStep = start({ previous: async () => ({ build: 2, lines: null }) });
    await waitUntil(() => expect(logState(noStep)).toBe('ready'));
    expect(noStep.getSnapshot().context).toMatchObject({
      comparison: 'noPreviousStep',
      previousBuild: 2,
    });
  });

  it('keeps the failures when the previous build cannot be read', async () => {
    const actor = start({
      previous: () => Promise.reject(new ApiError(500, 'database is locked')),
    });
    await waitUntil(() => expect(logState(actor)).toBe('ready'));
    expect(actor.getSnapshot().context).toMatchObject({
      comparison: 'failed',
      alreadyFailing: null,
    });
  });

  it('does not look for the previous build when nothing failed', async () => {
    let asked = false;
    const green = start({
      log: fakeConsole('resolved', logOf('ok 1 - adds')),
      previous: async () => {
        asked = true;
        return { build: null, lines: null };
      },
    });
    await waitUntil(() => expect(logState(green)).toBe('ready'));
    expect(green.getSnapshot().context.comparison).toBe('pending');
    expect(asked).toBe(false);
  });

  it("reads a drone-junit card's counts, and says when the card cannot be read", async () => {
    const withCard = { ...step, schema: '/cards/junit.json' };
    const reports = [{ name: 'junit.xml', passed: 3, failed: 1, skipped: 0, time: '1s' }];
    const actor = start({ testedStep: withCard, card: async () => reports });
    await waitUntil(() => expect(actor.getSnapshot().context.card).toEqual(reports));
    const failing = start({
      testedStep: withCard,
      card: () => Promise.reject(new ApiError(404, 'sql: no rows in result set')),
    });
    await waitUntil(() => expect(failing.getSnapshot().context.cardError).not.toBeNull());
    expect(said(failing.getSnapshot().context.cardError)).toBe('sql: no rows in result set');
    // A step without a card asks for none.
    expect(start().getSnapshot().value).toMatchObject({ card: 'none' });
  });

  it('searches from the first page again and shows more a page at a time', () => {
    const actor = start({ log: fakeConsole('loading', CURRENT) });
    actor.send({ type: 'tests.showMore' });
    expect(actor.getSnapshot().context.limit).toBe(2 * TESTS_PAGE);
    actor.send({ type: 'tests.search', query: 'dat' });
    expect(actor.getSnapshot().context).toMatchObject({ query: 'dat', limit: TESTS_PAGE });
  });
});

describe('the previous run of a step', () => {
  const previousBuild = (number: number, fields: Partial<Build> = {}) =>
    makeBuild({
      number,
      stages: [
        makeStage(1, 'failure', { name: 'test', steps: [makeStep(4, 'failure', { name: 'tap' })] }),
      ],
      ...fields,
    });

  it('is the same stage and step, by name, of the newest earlier finished build of the branch', async () => {
    const asked: string[] = [];
    const found = await findPreviousStepLog(
      { repo, build, stage, step },
      {
        fetchBuilds: async () => [
          previousBuild(4),
          previousBuild(2, { status: 'running' }),
          previousBuild(2, { number: 2, target: 'dev' }),
          previousBuild(1),
        ],
        fetchBuild: async (_repo, number) => {
          asked.push(`build ${number}`);
          return previousBuild(number);
        },
        fetchLogs: async (ref) => {
          asked.push(`log ${ref.build}/${ref.stage}/${ref.step}`);
          return PREVIOUS;
        },
      },
    );
    expect(asked).toEqual(['build 1', 'log 1/1/4']);
    expect(found).toEqual({ build: 1, lines: PREVIOUS });
  });

  it('has no log when that build did not run the step', async () => {
    const found = await findPreviousStepLog(
      { repo, build, stage, step },
      {
        fetchBuilds: async () => [previousBuild(2)],
        fetchBuild: async () => previousBuild(2, { stages: [] }),
        fetchLogs: () => Promise.reject(new Error('not asked')),
      },
    );
    expect(found).toEqual({ build: 2, lines: null });
  });
});
