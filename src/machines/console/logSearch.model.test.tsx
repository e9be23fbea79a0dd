import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { LogSearchBar } from '../../views/console/LogSearchBar';
import * as scanCode from '../../logs/searchScan';
import { createScanLog, logSearchMachine, type LogSearchEvent } from './logSearch.machine';

// Model-based test (docs/architecture.md 8): the search machine's own chart drives the console's search
// box, whose scans run by hand (`scan.done` flushes them). An empty log keeps scans finite in
// the model. The box is on screen while the search is open, as StepConsole renders it.

type Snapshot = SnapshotFrom<typeof logSearchMachine>;

function eventsIn(snapshot: Snapshot): LogSearchEvent[] {
  if (snapshot.matches('closed')) return [{ type: 'search.open' }];
  const events: LogSearchEvent[] = [
    { type: 'search.close' },
    { type: 'search.type', text: '' },
    { type: 'search.type', text: 'x' },
    { type: 'search.type', text: '(' },
    { type: 'search.toggleRegex' },
    { type: 'search.toggleCase' },
    { type: 'search.next' },
  ];
  if (snapshot.matches({ open: 'indexing' }) || snapshot.matches({ open: 'scanning' })) {
    events.push({ type: 'scan.done' } as LogSearchEvent);
  }
  return events;
}

const input = {};
const model = modelOf(logSearchMachine, eventsIn as never, {
  input,
  keyBy: (snapshot: Snapshot) => [snapshot.value, snapshot.context.query],
});
const paths = model.getShortestPaths();

function createSut() {
  const queue: Array<() => void> = [];
  const schedule = (task: () => void) => {
    queue.push(task);
    return () => queue.splice(queue.indexOf(task) >>> 0, 1);
  };
  const actor = createActor(
    logSearchMachine.provide({
      actors: { scanLog: createScanLog(schedule, () => scanCode) },
      actions: { notifyReveal: () => {} },
    }),
    { input },
  ).start();
  const view = render(<></>);
  // StepConsole shows the box while the search is open.
  const show = () =>
    view.rerender(
      actor.getSnapshot().matches('closed') ? (
        <></>
      ) : (
        <LogSearchBar search={actor} inputRef={createRef()} onClose={() => undefined} />
      ),
    );
  const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search logs' });
  const exec = (event: AnyEventObject) =>
    act(() => {
      if (event.type === 'scan.done') {
        while (queue.length > 0) queue.shift()!();
      } else if (event.type === 'search.type' && box().value !== event.text) {
        fireEvent.change(box(), { target: { value: event.text } });
      } else if (event.type === 'search.toggleCase') {
        fireEvent.click(screen.getByRole('button', { name: 'Match case' }));
      } else if (event.type === 'search.toggleRegex') {
        fireEvent.click(screen.getByRole('button', { name: 'Regular expression' }));
      } else if (event.type === 'search.next') {
        fireEvent.keyDown(box(), { key: 'Enter' });
      } else if (event.type === 'search.close') {
        fireEvent.keyDown(box(), { key: 'Escape' });
      } else actor.send(event as LogSearchEvent);
      show();
    });
  return { actor, exec };
}

/** What the box shows: the query, its toggles, and 'n of m' unless the pattern is invalid. */
function checkView(snapshot: Snapshot) {
  if (snapshot.matches('closed')) {
    expect(screen.queryByRole('search', { name: 'Search the log' })).not.toBeInTheDocument();
    return;
  }
  const { query } = snapshot.context;
  expect(screen.getByRole('searchbox', { name: 'Search logs' })).toHaveValue(query.text);
  expect(screen.getByRole('button', { name: 'Match case' })).toHaveAttribute(
    'aria-pressed',
    String(query.caseSensitive),
  );
  expect(screen.getByRole('button', { name: 'Regular expression' })).toHaveAttribute(
    'aria-pressed',
    String(query.regex),
  );
  const count = screen.getByTestId('search-count');
  if (snapshot.matches({ open: 'invalid' })) expect(count).toHaveTextContent('');
  else expect(count).toHaveTextContent(/^\d+ of \d+…?$/);
}

describe('logSearch machine, model-based, through the search box', () => {
  it('covers every state and transition of the chart', () => {
    // The model walks an empty log (finite scans); lines arriving, matches and moving between
    // them are logSearch.test.ts's. Opening an open search does nothing, so no model walks it.
    expect(leftOutOfChart(logSearchMachine, { paths, input })).toEqual([
      'logSearch.closed --search.lines [isRewrite]--> logSearch.closed',
      'logSearch.closed --search.lines--> logSearch.closed',
      'logSearch.open --search.open--> logSearch.open',
      'logSearch.open --search.next [hasMatches]--> logSearch.open',
      'logSearch.open --search.previous [hasMatches]--> logSearch.open',
      'logSearch.open --search.lines [isRewrite]--> logSearch.open.deciding',
      'logSearch.open --search.lines--> logSearch.open',
      'logSearch.open.scanning --scan.progress [isFirstMatch]--> logSearch.open.scanning',
      'logSearch.open.scanning --scan.progress--> logSearch.open.scanning',
      'logSearch.open.searched -- [hasUnscannedLines]--> logSearch.open.scanning',
    ]);
  });

  for (const path of paths) {
    it(pathName(path), () => {
      const sut = createSut();
      for (const { event, state } of path.steps) {
        if (event.type !== 'xstate.init') sut.exec(event);
        const real = sut.actor.getSnapshot();
        const expected = state as unknown as Snapshot;
        expect(real.value).toEqual(expected.value);
        expect(real.context.query).toEqual(expected.context.query);
        checkView(real);
      }
      sut.actor.stop();
    });
  }
});
