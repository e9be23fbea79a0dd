import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromCallback, setup, type ActorRefFrom } from 'xstate';
import type { Line } from '../../api/types';
import { LogLines } from '../../logs';
import * as scanCode from '../../logs/searchScan';
import { createScanLog, logSearchMachine } from './logSearch.machine';
import { createFindGroups, LOG_PREFERENCES_KEY } from './logView';
import { logViewerMachine, type ShowLineEvent } from './logViewer.machine';

// The viewer inside a stand-in console that records which lines it was asked to show; the group
// finder's and the search's slices run by hand (`flush`), and the location hash is faked.

const lines = (texts: string[], from = 0): Line[] =>
  texts.map((text, index) => ({ pos: from + index, out: `${text}\n`, time: from + index }));

function start() {
  const queue: Array<() => void> = [];
  const schedule = (task: () => void) => {
    queue.push(task);
    return () => queue.splice(queue.indexOf(task) >>> 0, 1);
  };
  const hashes: string[] = [];
  let setHash = (_hash: string) => {};
  const viewer = logViewerMachine.provide({
    actors: {
      findGroups: createFindGroups(schedule),
      search: logSearchMachine.provide({
        actors: { scanLog: createScanLog(schedule, () => scanCode) },
      }),
      listenHash: fromCallback(({ sendBack }) => {
        setHash = (hash) => sendBack({ type: 'permalink.changed', hash });
      }),
    },
    actions: {
      writeHash: ({ context }) => {
        hashes.push(JSON.stringify(context.selection));
      },
    },
  });
  const shown: number[] = [];
  let unfollowed = 0;
  let followed = 0;
  const parent = setup({ actors: { viewer } }).createMachine({
    invoke: { id: 'viewer', src: 'viewer', input: {} },
    on: {
      'log.showLine': { actions: ({ event }) => shown.push((event as ShowLineEvent).line) },
      'log.unfollow': { actions: () => (unfollowed += 1) },
      'log.follow': { actions: () => (followed += 1) },
    },
  });
  const actor = createActor(parent).start();
  const ref = actor.getSnapshot().children.viewer as ActorRefFrom<typeof logViewerMachine>;
  const flush = () => {
    while (queue.length > 0) queue.shift()!();
  };
  const context = () => ref.getSnapshot().context;
  let log = LogLines.empty();
  const receive = (texts: string[]) => {
    log = log.append(lines(texts, log.length));
    ref.send({ type: 'viewer.lines', lines: log });
  };
  return {
    ref,
    flush,
    context,
    receive,
    shown,
    hashes,
    setHash: (hash: string) => setHash(hash),
    unfollowed: () => unfollowed,
    followed: () => followed,
  };
}

const GROUPED = ['start', '::group::deps', 'a', 'b', '::endgroup::', 'end'];

afterEach(() => localStorage.clear());

describe('logViewer machine', () => {
  it('folds ended groups by default, then toggles one, expands and collapses all', () => {
    const { ref, context, receive } = start();
    receive(GROUPED);
    expect(context().groupScan.groups).toHaveLength(1);
    expect(context().hidden).toEqual([[2, 5]]);
    // Unfolded, the end marker stays hidden: markers are never shown as lines.
    ref.send({ type: 'group.toggle', key: 1 });
    expect(context().hidden).toEqual([[4, 5]]);
    ref.send({ type: 'groups.collapseAll' });
    expect(context().hidden).toEqual([[2, 5]]);
    ref.send({ type: 'groups.expandAll' });
    expect(context().hidden).toEqual([[4, 5]]);
  });

  it('finds the groups of a long log in slices', () => {
    const { context, receive, flush, ref } = start();
    const filler = Array.from({ length: 6000 }, (_, index) => `line ${index}`);
    receive([...filler, '::group::late', 'x', '::endgroup::']);
    expect(ref.getSnapshot().value).toBe('findingGroups');
    expect(context().groupScan.groups).toHaveLength(0);
    flush();
    expect(ref.getSnapshot().value).toBe('idle');
    expect(context().hidden).toEqual([[6001, 6003]]);
  });

  it('opens a permalink once its line arrives: unfolds it and scrolls', () => {
    const { context, receive, setHash, shown } = start();
    setHash('#L3-L4');
    expect(context().selection).toEqual({ start: 3, end: 4 });
    expect(context().scroll).toBeNull();
    receive(GROUPED);
    expect(context().scroll).toEqual({ line: 2, seq: 1 });
    expect(context().hidden).toEqual([[4, 5]]);
    expect(context().pending).toBeNull();
    // Among the last 250 lines: no need for 'Show all logs'.
    expect(shown).toEqual([]);
    setHash('#nonsense');
    expect(context().selection).toBeNull();
  });

  it('asks for all lines for a line before the last 250, markers not counted', () => {
    const filler = (count: number) => Array.from({ length: count }, (_, index) => `l${index}`);
    // Indexes 0-51, a group start (52), 248 lines, its end (301) and one more: 301 lines of log,
    // whose last 250 start at index 51.
    const log = [...filler(52), '::group::g', ...filler(248), '::endgroup::', 'last'];
    const tail = start();
    tail.setHash('#L52');
    tail.receive(log);
    expect(tail.context().scroll?.line).toBe(51);
    expect(tail.shown).toEqual([]);
    const before = start();
    before.setHash('#L51');
    before.receive(log);
    expect(before.shown).toEqual([50]);
  });

  it('selects a line or, with shift, a range, and writes it to the hash', () => {
    const { ref, context, receive, hashes } = start();
    receive(GROUPED);
    ref.send({ type: 'line.select', line: 6, extend: false });
    ref.send({ type: 'line.select', line: 2, extend: true });
    expect(context().selection).toEqual({ start: 2, end: 6 });
    expect(hashes).toEqual([
      JSON.stringify({ start: 6, end: 6 }),
      JSON.stringify({ start: 2, end: 6 }),
    ]);
    expect(context().scroll).toBeNull();
  });

  it('remembers wrap and timestamps in localStorage', () => {
    const first = start();
    expect(first.context().prefs).toEqual({ wrap: true, timestamps: 'elapsed' });
    first.ref.send({ type: 'log.toggleTimestamps' });
    first.ref.send({ type: 'log.toggleWrap' });
    expect(JSON.parse(localStorage.getItem(LOG_PREFERENCES_KEY)!)).toEqual({
      wrap: false,
      timestamps: 'clock',
    });
    expect(start().context().prefs).toEqual({ wrap: false, timestamps: 'clock' });
  });

  it('reveals each search match, unfolding its group', () => {
    const { ref, context, receive, flush, shown, unfollowed } = start();
    receive(GROUPED);
    const search = ref.getSnapshot().children.search!;
    search.send({ type: 'search.open' });
    search.send({ type: 'search.type', text: 'b' });
    flush();
    expect(context().scroll).toEqual({ line: 3, seq: 1 });
    expect(context().hidden).toEqual([[4, 5]]);
    expect(shown).toEqual([]);
    // Going to a match stops following a streaming log's end.
    expect(unfollowed()).toBe(1);
  });

  it('jumps to the top and the bottom, following a running log again at the bottom', () => {
    const { ref, context, receive, followed, unfollowed } = start();
    receive(GROUPED);
    ref.send({ type: 'log.jump', to: 'bottom' });
    expect(context().scroll).toEqual({ line: 5, seq: 1, edge: 'bottom' });
    expect([followed(), unfollowed()]).toEqual([1, 0]);
    ref.send({ type: 'log.jump', to: 'top' });
    expect(context().scroll).toEqual({ line: 0, seq: 2, edge: 'top' });
    expect([followed(), unfollowed()]).toEqual([1, 1]);
  });

  it('starts over for another step, dropping the selection', () => {
    const { ref, context, receive } = start();
    receive(GROUPED);
    ref.send({ type: 'line.select', line: 2, extend: false });
    ref.send({ type: 'viewer.reset', lines: LogLines.empty() });
    expect(context().selection).toBeNull();
    expect(context().groupScan.groups).toEqual([]);
    expect(context().lines.length).toBe(0);
  });

  it("opens the line the address names for another step, as a fresh load would (issue 30's summary links)", () => {
    const { ref, context, receive, shown } = start();
    receive(GROUPED);
    ref.send({ type: 'line.select', line: 2, extend: false });
    // The page moved to the other step's URL, with its line, before the console started it over.
    window.history.replaceState(null, '', '/acme/api/1/2/3#L4');
    try {
      ref.send({ type: 'viewer.reset', lines: LogLines.empty() });
      expect(context().selection).toEqual({ start: 4, end: 4 });
      receive(GROUPED);
      // Line 4 ('b', index 3) is scrolled to once it arrives.
      expect(context().scroll?.line).toBe(3);
      expect(shown).toEqual([]);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
