import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeServer } from '../../../../mock-server/node';
import { makeStagedBuild as makeBuild, makeStage, makeStep } from '../../../../tests/factories';
import type { Build } from '../../../api/types';
import { GraphView } from '../GraphView';

// The graph view against the Node mock server (the drawer's console reads the step's log).
// happy-dom has no canvas: G6 is replaced by a recorder, so the tests can check what the view
// asks of the graph instance (created once, data updated in place, zoomed).

const g6 = vi.hoisted(() => ({ instances: [] as Array<Record<string, unknown>> }));

vi.mock('@antv/g6', () => {
  class Graph {
    calls: Array<[string, unknown]> = [];
    handlers = new Map<string, (event: unknown) => void>();
    constructor(public options: unknown) {
      g6.instances.push(this as unknown as Record<string, unknown>);
    }
    private record(name: string, value?: unknown) {
      this.calls.push([name, value]);
      return Promise.resolve();
    }
    on(name: string, handler: (event: unknown) => void) {
      this.handlers.set(name, handler);
    }
    setData(data: unknown) {
      this.calls.push(['setData', data]);
    }
    updateData(data: unknown) {
      this.calls.push(['updateData', data]);
    }
    render = () => this.record('render');
    draw = () => this.record('draw');
    zoomTo = (zoom: number) => this.record('zoomTo', zoom);
    fitView = () => this.record('fitView');
    fitCenter = () => this.record('fitCenter');
    getZoom = () => 0.5;
    getCanvas = () => ({ getContainer: () => null });
    resize = () => undefined;
    destroy = () => this.record('destroy');
  }
  return { Graph, NodeEvent: { CLICK: 'node:click' } };
});

type FakeGraph = {
  calls: Array<[string, unknown]>;
  handlers: Map<string, (event: unknown) => void>;
};
const graphs = () => g6.instances as unknown as FakeGraph[];
const callsOf = (graph: FakeGraph | undefined, name: string) =>
  (graph?.calls ?? []).filter(([call]) => call === name);

const repo = { namespace: 'octocat', name: 'hello-world' };
const LOGS = '*/api/repos/octocat/hello-world/builds/:build/logs/:stage/:step';
const server = createNodeServer(
  http.get(LOGS, ({ params }) =>
    HttpResponse.json([{ pos: 0, out: `log of step ${String(params.step)}\n`, time: 0 }]),
  ),
);
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // The lazy chunks load once up front, so no test waits on a cold import.
  await Promise.all([import('./GraphViewBody'), import('./G6Canvas')]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  g6.instances.length = 0;
});
afterAll(() => server.close());

function dagBuild(testStatus: 'running' | 'success' = 'running'): Build {
  return makeBuild(7, 'running', {
    stages: [
      makeStage(1, 'running', {
        name: 'build',
        machine: 'runner-7',
        steps: [
          makeStep(1, 'success', { name: 'clone', started: 1700000000, stopped: 1700000004 }),
          makeStep(2, testStatus, {
            name: 'test',
            depends_on: ['clone'],
            started: 1700000004,
            stopped: testStatus === 'success' ? 1700000010 : undefined,
          }),
          makeStep(3, 'skipped', { name: 'lint', depends_on: ['clone'] }),
        ],
      }),
      makeStage(2, 'waiting_on_dependencies', { name: 'publish', depends_on: ['build'] }),
      makeStage(3, 'success', { name: 'docs' }),
    ],
  });
}

function renderGraph(build: Build, stageNumber = 1, stepNumber = 1) {
  const props = (next: Build, step = stepNumber) => {
    const stage = next.stages!.find((item) => item.number === stageNumber)!;
    return { repo, build: next, stage, step: stage.steps?.find((item) => item.number === step) };
  };
  const location = memoryLocation({
    path: `/octocat/hello-world/7/${stageNumber}/${stepNumber}?view=graph`,
    record: true,
  });
  // The same router across rerenders, as the build page keeps it while the build updates.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Router hook={location.hook} searchHook={location.searchHook}>
      {/* happy-dom has no layout: give the console's virtual list a viewport. */}
      <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 20 }}>
        {children}
      </VirtuosoMockContext.Provider>
    </Router>
  );
  const result = render(<GraphView {...props(build)} />, { wrapper });
  return {
    ...result,
    location,
    update: (next: Build, step?: number) => result.rerender(<GraphView {...props(next, step)} />),
  };
}

describe('GraphView (docs/spec.md 2.9)', () => {
  it('lists stage and step nodes as links that keep the graph view; never-run nodes are not links', async () => {
    renderGraph(dagBuild());
    const stages = await screen.findByRole('list', { name: 'Stages nodes' });
    expect(within(stages).getByRole('link', { name: /build/ })).toHaveAttribute(
      'href',
      '/octocat/hello-world/7/1/1?view=graph',
    );
    expect(within(stages).getByRole('link', { name: /docs/ })).toHaveAttribute(
      'href',
      '/octocat/hello-world/7/3/1?view=graph',
    );
    // waiting_on_dependencies: no link.
    expect(within(stages).queryByRole('link', { name: /publish/ })).toBeNull();
    expect(within(stages).getByText('publish').closest('[aria-disabled]')).not.toBeNull();

    const steps = screen.getByRole('list', { name: 'Steps of build nodes' });
    expect(within(steps).getByRole('link', { name: /test/ })).toHaveAttribute(
      'href',
      '/octocat/hello-world/7/1/2?view=graph',
    );
    expect(within(steps).queryByRole('link', { name: /lint/ })).toBeNull();
    expect(within(steps).getByRole('link', { name: /clone/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
  });

  it('draws both graphs with G6, edges from depends_on, and a canvas label', async () => {
    renderGraph(dagBuild());
    await waitFor(() => expect(graphs()).toHaveLength(2));
    await waitFor(() => expect(callsOf(graphs()[1], 'render')).toHaveLength(1));
    const [, stepData] = callsOf(graphs()[1], 'setData')[0] as [string, { edges: unknown[] }];
    expect(stepData.edges).toEqual([
      expect.objectContaining({ id: 'step-1->step-2', source: 'step-1', target: 'step-2' }),
      expect.objectContaining({ id: 'step-1->step-3', source: 'step-1', target: 'step-3' }),
    ]);
    expect(screen.getByRole('img', { name: 'Stages graph' })).toBeInTheDocument();
  });

  it('updates the drawn data in place as the build changes, without a new graph', async () => {
    const view = renderGraph(dagBuild('running'));
    await waitFor(() => expect(callsOf(graphs()[1], 'render')).toHaveLength(1));
    view.update(dagBuild('success'));
    await waitFor(() => expect(callsOf(graphs()[1], 'draw')).not.toHaveLength(0));
    expect(graphs()).toHaveLength(2);
    expect(callsOf(graphs()[1], 'setData')).toHaveLength(1);
    const [, data] = callsOf(graphs()[1], 'updateData').at(-1) as [
      string,
      { nodes: Array<{ id: string; style: { labelText: string } }> },
    ];
    expect(data.nodes.find((node) => node.id === 'step-2')?.style.labelText).toBe('test\n6s');
  });

  it('zooms by 20 from 100%, fits and resets, with labelled controls', async () => {
    const user = userEvent.setup();
    renderGraph(dagBuild());
    const zoom = await screen.findByRole('status', { name: 'Stages zoom level' });
    expect(zoom).toHaveTextContent('100%');
    await user.click(screen.getByRole('button', { name: 'Zoom in the stages' }));
    expect(zoom).toHaveTextContent('120%');
    await waitFor(() => expect(callsOf(graphs()[0], 'zoomTo').at(-1)).toEqual(['zoomTo', 1.2]));
    await user.click(screen.getByRole('button', { name: 'Fit the stages to the panel' }));
    await waitFor(() => expect(zoom).toHaveTextContent('50%'));
    await user.click(screen.getByRole('button', { name: 'Reset the stages zoom to 100%' }));
    expect(zoom).toHaveTextContent('100%');
    expect(screen.getByRole('status', { name: /Steps of build zoom level/ })).toHaveTextContent(
      '100%',
    );
  });

  it('resizes the split with the keyboard, never below 190px', async () => {
    const user = userEvent.setup();
    renderGraph(dagBuild());
    const divider = await screen.findByRole('separator', {
      name: 'Resize the stage and step graphs',
    });
    divider.focus();
    await user.keyboard('{Home}');
    expect(divider).toHaveAttribute('aria-valuenow', '190');
    await user.keyboard('{ArrowDown}');
    expect(divider).toHaveAttribute('aria-valuenow', '210');
  });

  it('opens the step drawer with its details and log on a step click; a canvas click too', async () => {
    const user = userEvent.setup();
    const view = renderGraph(dagBuild('success'));
    const steps = await screen.findByRole('list', { name: 'Steps of build nodes' });
    await user.click(within(steps).getByRole('link', { name: /test/ }));
    expect(view.location.history.at(-1)).toBe('/octocat/hello-world/7/1/2?view=graph');
    view.update(dagBuild('success'), 2); // the build page follows the URL
    const drawer = await screen.findByRole('dialog', { name: 'test' });
    expect(within(drawer).getByText('runner-7')).toBeInTheDocument();
    expect(within(drawer).getByText('6s')).toBeInTheDocument();
    expect(await within(drawer).findByText('log of step 2')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Close step details' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // A click on a canvas node navigates and opens the drawer the same way.
    await waitFor(() => expect(graphs()[1]?.handlers.get('node:click')).toBeDefined());
    graphs()[1]!.handlers.get('node:click')!({ target: { id: 'step-1' } });
    await waitFor(() =>
      expect(view.location.history.at(-1)).toBe('/octocat/hello-world/7/1/1?view=graph'),
    );
    // Skipped nodes ignore clicks.
    graphs()[1]!.handlers.get('node:click')!({ target: { id: 'step-3' } });
    expect(view.location.history.at(-1)).toBe('/octocat/hello-world/7/1/1?view=graph');
  });
});
