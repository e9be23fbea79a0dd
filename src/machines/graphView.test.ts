import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
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

describe('graphView machine (SPEC 2.9, 9)', () => {
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
    { type: 'zoom.reset', graph: 'stages' },
    { type: 'split.dragStart' },
    { type: 'split.measured', total: 600 },
    { type: 'split.drag', size: 260 },
    { type: 'split.dragEnd' },
    { type: 'split.move', delta: 20 },
    { type: 'drawer.open', step: 2 },
    { type: 'drawer.close' },
  ];
  const model = createTestModel(graphViewMachine, {
    events,
    // States only; context is covered above. Keeps the walk to the machine's own chart.
    serializeState: (snapshot: SnapshotFrom<typeof graphViewMachine>) =>
      JSON.stringify(snapshot.value),
  } as never);

  const paths = model.getShortestPaths();

  it('reaches every state of the chart', () => {
    // Paths that are prefixes of longer ones are dropped, so count every state along them.
    const reached = new Set(
      paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))),
    );
    expect(reached).toEqual(
      new Set([
        JSON.stringify({ split: 'resting', drawer: 'closed' }),
        JSON.stringify({ split: 'dragging', drawer: 'closed' }),
        JSON.stringify({ split: 'resting', drawer: 'open' }),
        JSON.stringify({ split: 'dragging', drawer: 'open' }),
      ]),
    );
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(graphViewMachine).start();
      await path.test({
        states: {
          '*': (state: SnapshotFrom<typeof graphViewMachine>) => {
            expect(actor.getSnapshot().value).toEqual(state.value);
          },
        },
        events: Object.fromEntries(
          events.map((event) => [event.type, () => void actor.send(event)]),
        ),
      } as never);
    });
  }
});
