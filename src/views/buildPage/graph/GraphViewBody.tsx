import { useT } from '../../ui';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { graphViewMachine, selectDrawerStep } from '../../../machines/buildPage/graphView.machine';
import type { BuildBodyProps } from '../GraphView';
import { buildHref, viewHref } from '../paths';
import { GraphPanel } from './GraphPanel';
import { stageGraph, stepGraph, type GraphNode } from './graphData';
import { SplitPanel } from './SplitPanel';
import { StepDrawer } from './StepDrawer';
import { useInspectedActorRef } from '../../useInspectedActorRef';
import '../../../i18n/en/buildViews';

/**
 * docs/spec.md 2.9 graph view. Stages link to /{ns}/{name}/{build}/{stage}/1; steps link to
 * .../{stage}/{step} and open the step drawer. Links keep `?view=graph`, so the graph stays.
 * The build page hands in a fresh build on every live update; the graphs follow it.
 */
export default function GraphViewBody({ repo, build, stage, step }: BuildBodyProps) {
  const t = useT();
  const viewRef = useInspectedActorRef(graphViewMachine);
  const drawerStep = useSelector(viewRef, selectDrawerStep);
  const [, navigate] = useLocation();

  const stages = useMemo(() => stageGraph(build, stage.number), [build, stage.number]);
  const steps = useMemo(() => stepGraph(stage, step?.number), [stage, step?.number]);
  const stageHref = (node: GraphNode) =>
    viewHref(buildHref(repo, build.number, node.number, 1), 'graph');
  const stepHref = (node: GraphNode) =>
    viewHref(buildHref(repo, build.number, stage.number, node.number), 'graph');

  return (
    <>
      <SplitPanel
        viewRef={viewRef}
        top={
          <GraphPanel
            viewRef={viewRef}
            model={stages}
            title={t('build.graph.stages')}
            hrefOf={stageHref}
            onSelect={(node, follow) => {
              viewRef.send({ type: 'drawer.close' });
              if (follow) navigate(stageHref(node));
            }}
          />
        }
        bottom={
          <GraphPanel
            viewRef={viewRef}
            model={steps}
            title={t('build.graph.stepsOf', { stage: stage.name })}
            hrefOf={stepHref}
            onSelect={(node, follow) => {
              if (follow) navigate(stepHref(node));
              viewRef.send({ type: 'drawer.open', step: node.number });
            }}
          />
        }
      />
      {/* The drawer shows the step of the URL, once the URL has caught up with the click. */}
      {drawerStep !== null && step?.number === drawerStep ? (
        <StepDrawer
          repo={repo}
          build={build}
          stage={stage}
          step={step}
          onClose={() => viewRef.send({ type: 'drawer.close' })}
        />
      ) : null}
    </>
  );
}
