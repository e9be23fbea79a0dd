import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { LogLines } from '../../logs';
import type { Schedule } from '../../logs/slices';
import { waitUntil } from '../../../tests/wait';
import { annotationsMachine, createExtract, type ViewerTarget } from './annotations.machine';
import { matchersKey } from './repoMatchers';

/** Runs each slice at once (the extraction's slicing is not what these tests check). */
const atOnce: Schedule = (task) => {
  task();
  return () => {};
};

const log = (texts: string[], firstPos = 0) =>
  LogLines.from(texts.map((text, k) => ({ pos: firstPos + k, out: `${text}\n`, time: 0 })));

const LOG = [
  '+ go test ./...',
  '--- FAIL: TestA (0.01s)',
  'ok',
  '::warning file=x.go,line=3::unused',
  '--- FAIL: TestA (0.01s)',
  'panic: boom',
];

function start(slug = 'acme/api') {
  const received: unknown[] = [];
  const viewer = createActor(
    fromCallback(({ receive }) => {
      receive((event) => received.push(event));
    }),
  );
  viewer.start();
  const actor = createActor(
    annotationsMachine.provide({ actors: { extract: createExtract(atOnce) } }),
    { input: { viewer: viewer as unknown as ViewerTarget, slug } },
  );
  actor.start();
  return { actor, received };
}

afterEach(() => localStorage.clear());

describe('annotations machine', () => {
  it('waits for the whole log, then lists its annotations deduplicated, with counts', async () => {
    const { actor } = start();
    actor.send({ type: 'annotations.log', lines: log(LOG.slice(0, 2)), done: false });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'annotations.log', lines: log(LOG, 40), done: true });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    const { annotations, firstPos } = actor.getSnapshot().context;
    expect(annotations.map((a) => [a.message, a.count, a.number])).toEqual([
      ['--- FAIL: TestA', 2, 42],
      ['unused', 1, 44],
      ['panic: boom', 1, 46],
    ]);
    expect(firstPos).toBe(40);
  });

  it('e and E go to the next and previous annotation, round, selecting and revealing its line', async () => {
    const { actor, received } = start();
    actor.send({ type: 'annotations.log', lines: log(LOG), done: true });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'key.pressed', key: 'e' });
    expect(received).toEqual([
      { type: 'line.select', line: 2, extend: false },
      { type: 'log.reveal', line: 1 },
    ]);
    actor.send({ type: 'key.pressed', key: 'e' });
    actor.send({ type: 'key.pressed', key: 'e' });
    expect(actor.getSnapshot().context.current).toBe(2);
    actor.send({ type: 'key.pressed', key: 'e' });
    expect(actor.getSnapshot().context.current).toBe(0);
    actor.send({ type: 'key.pressed', key: 'E' });
    expect(actor.getSnapshot().context.current).toBe(2);
    expect(received.at(-1)).toEqual({ type: 'log.reveal', line: 5 });
    actor.send({ type: 'annotation.go', index: 1 });
    expect(received.at(-2)).toEqual({ type: 'line.select', line: 4, extend: false });
  });

  it('does nothing on e when the log has no annotation', async () => {
    const { actor, received } = start();
    actor.send({ type: 'annotations.log', lines: log(['all good']), done: true });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'key.pressed', key: 'e' });
    expect(received).toEqual([]);
  });

  it("adds the repository's own problem matchers", async () => {
    localStorage.setItem(
      matchersKey('acme/api'),
      JSON.stringify({
        problemMatcher: [
          { owner: 'acme', pattern: [{ regexp: '^ACME-(\\d+) (.*)$', code: 1, message: 2 }] },
        ],
      }),
    );
    const { actor } = start('acme/api');
    actor.send({ type: 'annotations.log', lines: log(['ACME-7 quota exceeded']), done: true });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    expect(actor.getSnapshot().context.annotations).toEqual([
      expect.objectContaining({ source: 'acme', title: '7', message: 'quota exceeded' }),
    ]);
  });

  it('starts over on another finished log', async () => {
    const { actor } = start();
    actor.send({ type: 'annotations.log', lines: log(LOG), done: true });
    await waitUntil(() => expect(actor.getSnapshot().value).toBe('ready'));
    actor.send({ type: 'key.pressed', key: 'e' });
    actor.send({ type: 'annotations.log', lines: log(['panic: other']), done: true });
    await waitUntil(() =>
      expect(actor.getSnapshot().context.annotations.map((a) => a.message)).toEqual([
        'panic: other',
      ]),
    );
    expect(actor.getSnapshot().context.current).toBe(-1);
  });
});
