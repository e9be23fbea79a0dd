import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useParams } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { buildPageMachine } from '../../machines/buildPage/buildPage.machine';
import {
  selectBuild,
  selectCanRetry,
  selectErrorMessage,
  selectHasCards,
  selectPageState,
  selectRepo,
  selectRoute,
  selectStage,
  selectStep,
} from '../../machines/buildPage/buildPage.selectors';
import { toBuildParams } from '../repo/params';
import { NotFoundPage } from '../shell/NotFound';
import { usePageTitle } from '../shell/title';
import { onDemand } from '../../boot/OnDemand';
import { LoadFailed, Loading, Notice, Page, UserText, useT } from '../ui';
import { BuildHeader } from './BuildHeader';
import { GraphView } from './GraphView';
import { LogView } from './LogView';
import { viewOf } from './paths';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { useQueryParams } from '../useQueryParams';

export type BuildPageRef = ActorRefFrom<typeof buildPageMachine>;

// docs/architecture.md 7: the cards (adaptivecards) load when their view is opened.
const CardsView = onDemand(() => import('./CardsView').then((m) => m.CardsView));
const CompareView = onDemand(() => import('./CompareView').then((m) => m.CompareView));

/** Route: /{namespace}/{name}/{build}/{stage?}/{step?} (docs/spec.md 2.1, 2.9, 4.2). */
export function BuildPage() {
  const params = useParams<Record<string, string | undefined>>();
  const { namespace, name } = toBuildParams(params);
  // One page machine per repository; stage, step and view changes reach it as events.
  return <RepoBuildPage key={`${namespace}/${name}`} />;
}

function RepoBuildPage() {
  const params = useParams<Record<string, string | undefined>>();
  const { namespace, name, build, stage, step } = toBuildParams(params);
  // A URL without stage and step lands where the build needs the reader (docs/spec.md 2.1).
  const landing = params.stage === undefined;
  const view = viewOf(useQueryParams());
  const repo = useMemo(() => ({ namespace, name }), [namespace, name]);
  const [, navigate] = useLocation();
  const pageRef = useInspectedActorRef(buildPageMachine, {
    input: { repo, build, stage, step, view, landing, navigate },
  });
  useEffect(() => {
    pageRef.send({ type: 'route.changed', route: { build, stage, step, view, landing } });
  }, [pageRef, build, stage, step, view, landing]);

  const state = useSelector(pageRef, selectPageState);
  if (state === 'notFound') return <NotFoundPage />;
  return (
    <Page>
      <BuildTitle repo={repo} build={build} stage={stage} step={step} />
      <BuildHeader pageRef={pageRef} repo={repo} />
      <BuildBody pageRef={pageRef} repo={repo} explicitStep={params.step !== undefined} />
    </Page>
  );
}

/** docs/spec.md 2.1: the build page's own title format, without the product suffix. */
function BuildTitle({
  repo,
  build,
  stage,
  step,
}: {
  repo: { namespace: string; name: string };
  build: number;
  stage: number;
  step: number;
}) {
  const t = useT();
  usePageTitle(
    t('build.pageTitle', { build, stage, step, slug: `${repo.namespace}/${repo.name}` }),
    true,
  );
  return null;
}

function BuildBody({
  pageRef,
  repo,
  explicitStep,
}: {
  pageRef: BuildPageRef;
  repo: { namespace: string; name: string };
  explicitStep: boolean;
}) {
  const state = useSelector(pageRef, selectPageState);
  const message = useSelector(pageRef, selectErrorMessage);
  const build = useSelector(pageRef, selectBuild);
  const stage = useSelector(pageRef, selectStage);
  const step = useSelector(pageRef, selectStep);
  const route = useSelector(pageRef, selectRoute);
  const hasCards = useSelector(pageRef, selectHasCards);
  const canRetry = useSelector(pageRef, selectCanRetry);
  const repository = useSelector(pageRef, selectRepo);

  if (canRetry) {
    return <LoadFailed message={message} onRetry={() => pageRef.send({ type: 'build.retry' })} />;
  }
  if (state === 'error') {
    return (
      <Notice tone="danger" role="alert">
        <UserText>{message}</UserText>
      </Notice>
    );
  }
  if (state === 'loading' || !build || !stage) return <Loading />;
  // A blocked stage has nothing to graph or card yet: its approval panel sits in the log layout.
  if (state === 'normal' && route.view === 'graph') {
    return <GraphView repo={repo} build={build} stage={stage} step={step} />;
  }
  if (route.view === 'compare')
    return <CompareView repo={repo} build={build} repoLink={repository?.link} />;
  if (state === 'normal' && route.view === 'card' && hasCards) {
    return <CardsView repo={repo} build={build} stage={stage} step={step} />;
  }
  return (
    <LogView
      pageRef={pageRef}
      repo={repo}
      build={build}
      stage={stage}
      step={step}
      blocked={state === 'blocked'}
      explicitStep={explicitStep}
    />
  );
}
