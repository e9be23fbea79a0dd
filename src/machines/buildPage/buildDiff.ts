import type { Build, Stage, Status, Step } from '../../api/types';

// Issue 19 item 6: a build beside the previous build of its branch. Which build counts as the
// previous one, and the per-step differences, as pure functions of the two builds.

/** docs/drone-api.md 9.1 `IsFailed`. */
export const isFailedStatus = (status: Status) =>
  status === 'failure' || status === 'error' || status === 'killed';

const BRANCH_EVENTS = ['push', 'cron', 'custom'];
const DEPLOY_EVENTS = ['promote', 'rollback'];

/**
 * The builds a build is compared with, as a CI user reads "the previous build": the same pull
 * request (ref), the same deployment target, the previous tag, or for pushes, cron and custom
 * builds the same target branch. Their pipelines differ by event, so families do not mix.
 */
export function sameFamily(build: Build, other: Build): boolean {
  if (build.event === 'pull_request') {
    return other.event === 'pull_request' && other.ref === build.ref;
  }
  if (DEPLOY_EVENTS.includes(build.event)) {
    return DEPLOY_EVENTS.includes(other.event) && other.deploy_to === build.deploy_to;
  }
  if (build.event === 'tag') return other.event === 'tag';
  const family = BRANCH_EVENTS.includes(build.event) ? BRANCH_EVENTS : [build.event];
  return family.includes(other.event) && other.target === build.target;
}

/** The newest build of `newestFirst` that came before `build` in its family. */
export function findPrevious(build: Build, newestFirst: Build[]): Build | undefined {
  return newestFirst.find(
    (candidate) => candidate.number < build.number && sameFamily(build, candidate),
  );
}

export type StepChangeKind = 'same' | 'added' | 'removed';

export interface StepSide {
  status: Status;
  /** Undefined while the step has not finished (or never ran). */
  seconds?: number;
}

export interface StepChange {
  name: string;
  kind: StepChangeKind;
  now?: StepSide;
  before?: StepSide;
  /** Now minus before, in seconds, when both finished: negative is faster. */
  deltaSeconds?: number;
  /** Failed now, and passed, was skipped or did not exist before. */
  newFailure: boolean;
  /** Failed before, and passed now. */
  fixed: boolean;
}

export interface StageChange {
  name: string;
  steps: StepChange[];
}

export function stepSeconds(step: { started?: number; stopped?: number }): number | undefined {
  const { started, stopped } = step;
  return started && stopped && stopped >= started ? stopped - started : undefined;
}

const sideOf = (step: Step): StepSide => ({ status: step.status, seconds: stepSeconds(step) });

/**
 * Steps keyed by stage name and step name (the nth of a repeated name is its own key). Each step
 * is keyed once, its rank counted per name: looking for the first free rank from 0 again for
 * every step made 3,000 steps of one name cost 4.5 million keys (issue 28 item 6).
 */
function keyedSteps(stages: Stage[] | undefined): Map<string, { stage: string; step: Step }> {
  const keyed = new Map<string, { stage: string; step: Step }>();
  const counts = new Map<string, number>();
  for (const stage of stages ?? []) {
    for (const step of stage.steps ?? []) {
      const name = JSON.stringify([stage.name, step.name]);
      const nth = counts.get(name) ?? 0;
      counts.set(name, nth + 1);
      keyed.set(`${name}${nth}`, { stage: stage.name, step });
    }
  }
  return keyed;
}

function changeOf(name: string, now?: Step, before?: Step): StepChange {
  const nowSide = now && sideOf(now);
  const beforeSide = before && sideOf(before);
  const failedNow = nowSide ? isFailedStatus(nowSide.status) : false;
  const failedBefore = beforeSide ? isFailedStatus(beforeSide.status) : false;
  const both = nowSide?.seconds !== undefined && beforeSide?.seconds !== undefined;
  return {
    name,
    kind: now && before ? 'same' : now ? 'added' : 'removed',
    now: nowSide,
    before: beforeSide,
    deltaSeconds: both ? nowSide!.seconds! - beforeSide!.seconds! : undefined,
    newFailure: failedNow && !failedBefore,
    fixed: failedBefore && nowSide?.status === 'success',
  };
}

/**
 * Every step of both builds, grouped by stage in the current build's order; steps and stages
 * only the previous build had follow, as removed.
 */
export function compareSteps(build: Build, previous: Build): StageChange[] {
  const now = keyedSteps(build.stages);
  const before = keyedSteps(previous.stages);
  const stages = new Map<string, StepChange[]>();
  const add = (stage: string, change: StepChange) => {
    const list = stages.get(stage) ?? [];
    list.push(change);
    stages.set(stage, list);
  };
  for (const [key, { stage, step }] of now) {
    add(stage, changeOf(step.name, step, before.get(key)?.step));
  }
  for (const [key, { stage, step }] of before) {
    if (!now.has(key)) add(stage, changeOf(step.name, undefined, step));
  }
  return [...stages].map(([name, steps]) => ({ name, steps }));
}

/**
 * The most step rows a comparison draws (issue 28 item 6): a build of thousands of steps drew
 * them all at once and held the page for seconds. Real pipelines have tens of steps.
 */
export const MAX_COMPARED_STEPS = 200;

/** The stages with their first `max` steps in all, how many that is, and how many there are. */
export function firstChanges(
  stages: StageChange[],
  max = MAX_COMPARED_STEPS,
): { stages: StageChange[]; shown: number; total: number } {
  let left = max;
  const shown: StageChange[] = [];
  let total = 0;
  for (const stage of stages) {
    total += stage.steps.length;
    if (left <= 0) continue;
    const steps = stage.steps.length > left ? stage.steps.slice(0, left) : stage.steps;
    left -= steps.length;
    shown.push(steps === stage.steps ? stage : { name: stage.name, steps });
  }
  return { stages: shown, shown: max - Math.max(left, 0), total };
}

const SHA = /^[0-9a-f]{7,64}$/i;

/**
 * The commit range on the repository's host (GitHub, Gitea and GitLab read
 * `/compare/{before}...{after}`), or undefined unless the link is an http(s) URL without
 * credentials and both commits are hexadecimal shas: server text is never trusted as a URL.
 */
export function compareHref(
  repoLink: string | undefined,
  before: string,
  after: string,
): string | undefined {
  if (!repoLink || !SHA.test(before) || !SHA.test(after) || before === after) return undefined;
  let url: URL;
  try {
    url = new URL(repoLink);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  const base = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return `${base}/compare/${before}...${after}`;
}
