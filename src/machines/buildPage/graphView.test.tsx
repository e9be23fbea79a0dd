import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, type AnyEventObject, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { leftOutOfChart, modelOf, pathName } from '../../../tests/model';
import { SplitPanel } from '../../views/buildPage/graph/SplitPanel';
import {
  clampSplit,
  graphViewMachine,
  selectDrawerStep,
  selectIsDragging,
  selectSplitSize,
  selectViewport,
  SPLIT_KEY_STEP,
  SPLIT_MIN,
  selectSplitTotal,
  ZOOM_DEFAULT,
  ZOOM_MAX,
  ZOOM_MIN,
} from './graphView.machine';

const start = () => createActor(graphViewMachine).start();

describe('graphView machine (docs/spec.md 2.9, 9)', () => {
  it('zooms each graph by 20 from 100, within its bounds', () => {
    const actor = start();
    expect(selectViewport('stages')(actor.getSnapshot()).zoom).toBe(ZOOM_DEFAULT);
    expect(ZOOM_DEFAULT).toBe(100);

    actor.send({ type: 'zoom.in', graph: 'stages' });
    expect(selectViewport('stages')(actor.getSnapshot()).zoom).toBe(120);
    expect(selectViewport('steps')(actor.getSnapshot()).zoom).toBe(100);

    actor.send({ type: 'zoom.out', graph: 'steps' });
    actor.send({ type: 'zoom.out', graph: 'steps' });
    expect(selectViewport('steps')(actor.getSnapshot()).zoom).toBe(60);

    for (let i = 0; i < 30; i += 1) actor.send({ type: 'zoom.out', graph: 'steps' });
    expect(selectViewport('steps')(actor.getSnapshot()).zoom).toBe(ZOOM_MIN);
    for (let i = 0; i < 30; i += 1) actor.send({ type: 'zoom.in', graph: 'stages' });
    expect(selectViewport('stages')(actor.getSnapshot()).zoom).toBe(ZOOM_MAX);
  });

  it('resets to 100 and asks the canvas to recentre', () => {
    const actor = start();
    actor.send({ type: 'zoom.in', graph: 'steps' });
    actor.send({ type: 'zoom.reset', graph: 'steps' });
    expect(selectViewport('steps')(actor.getSnapshot())).toEqual({
      zoom: 100,
      fitRequests: 0,
      resetRequests: 1,
    });
  });

  it('asks the canvas to fit, then shows the zoom the fit ended at', () => {
    const actor = start();
    actor.send({ type: 'zoom.fit', graph: 'stages' });
    expect(selectViewport('stages')(actor.getSnapshot()).fitRequests).toBe(1);
    actor.send({ type: 'zoom.fitted', graph: 'stages', zoom: 63.4 });
    expect(selectViewport('stages')(actor.getSnapshot()).zoom).toBe(63);
    actor.send({ type: 'zoom.in', graph: 'stages' });
    expect(selectViewport('stages')(actor.getSnapshot()).zoom).toBe(83);
  });

  it('keeps both graphs at least 190px tall while dragging the divider', () => {
    const actor = start();
    expect(SPLIT_MIN).toBe(190);
    expect(selectSplitSize(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'split.measured', total: 600 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(300);
    actor.send({ type: 'split.drag', size: 250 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(300); // not dragging: ignored

    actor.send({ type: 'split.dragStart' });
    expect(selectIsDragging(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'split.drag', size: 50 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(190);
    actor.send({ type: 'split.drag', size: 550 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(410);
    actor.send({ type: 'split.drag', size: 333.3 });
    actor.send({ type: 'split.dragEnd' });
    expect(selectIsDragging(actor.getSnapshot())).toBe(false);
    expect(selectSplitSize(actor.getSnapshot())).toBe(333);
  });

  it('moves the divider with the keyboard from the half-way default', () => {
    const actor = start();
    actor.send({ type: 'split.measured', total: 600 });
    actor.send({ type: 'split.move', delta: -SPLIT_KEY_STEP });
    expect(selectSplitSize(actor.getSnapshot())).toBe(280);
    actor.send({ type: 'split.set', size: 0 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(190);
    actor.send({ type: 'split.set', size: Infinity });
    expect(selectSplitSize(actor.getSnapshot())).toBe(410);
    actor.send({ type: 'split.move', delta: SPLIT_KEY_STEP });
    expect(selectSplitSize(actor.getSnapshot())).toBe(410);
  });

  it('keeps the divider within bounds when the panel shrinks', () => {
    const actor = start();
    actor.send({ type: 'split.measured', total: 700 });
    actor.send({ type: 'split.set', size: 500 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(500);
    actor.send({ type: 'split.measured', total: 600 });
    expect(selectSplitSize(actor.getSnapshot())).toBe(410);
    expect(selectSplitTotal(actor.getSnapshot())).toBe(600);
    // Too small for two minimums: the stage graph keeps its minimum.
    expect(clampSplit(300, 300)).toBe(190);
    expect(clampSplit(900, null)).toBe(900);
  });

  it('opens the step drawer on a step, switches steps, and closes', () => {
    const actor = start();
    expect(selectDrawerStep(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'drawer.open', step: 3 });
    expect(actor.getSnapshot().matches({ drawer: 'open' })).toBe(true);
    expect(selectDrawerStep(actor.getSnapshot())).toBe(3);
    actor.send({ type: 'drawer.open', step: 4 });
    expect(selectDrawerStep(actor.getSnapshot())).toBe(4);
    actor.send({ type: 'drawer.close' });
    expect(actor.getSnapshot().matches({ drawer: 'closed' })).toBe(true);
    expect(selectDrawerStep(actor.getSnapshot())).toBeNull();
  });
});

describe('graphView machine, model-based', () => {
  type Event = EventFromLogic<typeof graphViewMachine>;
  const events: Event[] = [
    { type: 'zoom.in', graph: 'stages' },
    { type: 'zoom.out', graph: 'steps' },
    { type: 'zoom.fit', graph: 'steps' },
    { type: 'zoom.fitted', graph: 'steps', zoom: 80 },
    { type: 'zoom.reset', graph: 'stages' },
    { type: 'split.dragStart' },
    { type: 'split.measured', total: 600 },
    { type: 'split.drag', size: 260 },
    { type: 'split.dragEnd' },
    { type: 'split.move', delta: 20 },
    { type: 'split.set', size: 0 },
    { type: 'drawer.open', step: 2 },
    { type: 'drawer.close' },
  ];
  // Keyed by value and the drawer's step: zoom and split sizes are covered above.
  const model = modelOf(graphViewMachine, events, {
    keyBy: (snapshot: SnapshotFrom<typeof graphViewMachine>) => [
      snapshot.value,
      selectDrawerStep(snapshot),
    ],
  });
  const paths = model.getShortestPaths();

  it('covers every state and transition of the chart', () => {
    expect(leftOutOfChart(graphViewMachine, { paths })).toEqual([]);
  });

  // The split panel renders the machine: the divider is dragged with the pointer, moved with
  // the keys, and shows the split's size; the drawer's step is what the page opens.
  for (const path of paths) {
    it(pathName(path), async () => {
      const actor = createActor(graphViewMachine).start();
      render(<SplitPanel viewRef={actor} top={<p>stages</p>} bottom={<p>steps</p>} />);
      const divider = screen.getByRole('separator', {
        name: 'Resize the stage and step graphs',
      });
      const shows = () => {
        const snapshot = actor.getSnapshot();
        expect(divider.closest('[data-dragging]') !== null).toBe(selectIsDragging(snapshot));
        const size = selectSplitSize(snapshot);
        if (size === null) expect(divider).not.toHaveAttribute('aria-valuenow');
        else expect(divider).toHaveAttribute('aria-valuenow', String(size));
      };
      const send = (event: AnyEventObject) => act(() => void actor.send(event as never));
      await path.test({
        states: {
          'split.resting': shows,
          'split.dragging': shows,
          'drawer.closed': () => expect(selectDrawerStep(actor.getSnapshot())).toBeNull(),
          'drawer.open': () => expect(selectDrawerStep(actor.getSnapshot())).toBe(2),
        },
        events: {
          ...Object.fromEntries(events.map((event) => [event.type, () => send(event)])),
          'split.dragStart': () => {
            fireEvent.pointerDown(divider, { pointerId: 1 });
          },
          'split.dragEnd': () => {
            fireEvent.pointerUp(divider, { pointerId: 1 });
          },
          'split.move': () => {
            fireEvent.keyDown(divider, { key: 'ArrowDown' });
          },
        },
      });
      expect(actor.getSnapshot().value).toEqual(path.state.value);
    });
  }
});
