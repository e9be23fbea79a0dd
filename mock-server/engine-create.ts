// Creating a build the way trigger/trigger.go does: number = counter + 1, author and message from
// the commit, stages pending / waiting_on_dependencies / blocked, and the auto-cancel selection.
import type { Status } from '../src/api/types';
import { db, newId } from './db';
import { toSeconds } from './engine-rows';
import type { CommitInfo, PipelineBuild, PipelineCatalog, PipelineDefinition } from './pipeline';
import type { BuildRequest } from './runtime';
import type { BuildRow, RepoRow } from './serialize';

const ZERO_SHA = '0'.repeat(40);

/** A build's columns without the id (and without @mswjs/data's symbol keys). */
export type BuildDraft = Omit<
  { [K in keyof BuildRow as K extends string ? K : never]: BuildRow[K] },
  'id'
>;

/** The custom-build handler may pass a full ref as the branch. */
const branchName = (branch: string) => branch.replace(/^refs\/heads\//, '');

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}

function buildLink(repo: RepoRow, request: BuildRequest, sha: string): string {
  const pull = /^refs\/pull\/(\d+)\//.exec(request.ref ?? '');
  if (pull) return `${repo.link}/pull/${pull[1]}`;
  const tag = /^refs\/tags\/(.+)$/.exec(request.ref ?? '');
  if (tag) return `${repo.link}/releases/tag/${tag[1]}`;
  return `${repo.link}/commit/${sha}`;
}

/** The commit a request builds: the explicit sha (known or not), else the branch head. */
export function commitFor(
  catalog: PipelineCatalog,
  repo: RepoRow,
  request: BuildRequest,
): CommitInfo {
  const head = catalog.head(repo.slug, branchName(request.branch));
  if (!request.commit) return head;
  return catalog.commit(repo.slug, request.commit) ?? { ...head, sha: request.commit };
}

/** The previous build's commit on the same ref, Drone's `before`. */
function previousSha(repoId: number, ref: string): string {
  const [previous] = db.build.findMany({
    where: { repo_id: { equals: repoId }, ref: { equals: ref } },
    orderBy: { id: 'desc' },
    take: 1,
  });
  return previous?.after ?? ZERO_SHA;
}

/** The build a retry, promote or rollback starts from (Drone copies its commit fields). */
function parentBuild(repo: RepoRow, request: BuildRequest): BuildRow | null {
  if (!request.parent) return null;
  return db.build.findFirst({
    where: { repo_id: { equals: repo.id }, number: { equals: request.parent } },
  });
}

/** The build's fields before it is stored, so the catalog can decide on its pipeline. */
export function draftBuild(
  repo: RepoRow,
  request: BuildRequest,
  commit: CommitInfo,
): PipelineBuild & BuildDraft {
  const ref = request.ref ?? `refs/heads/${branchName(request.branch)}`;
  const isPull = request.event === 'pull_request';
  const message = request.message ?? commit.message;
  const branch = branchName(request.branch);
  const draft: BuildDraft = {
    repo_id: repo.id,
    trigger: request.trigger,
    number: repo.counter + 1,
    parent: request.parent ?? 0,
    status: 'pending',
    error: '',
    event: request.event,
    action: request.action ?? '',
    link: buildLink(repo, request, commit.sha),
    timestamp: 0,
    title: isPull ? firstLine(message) : '',
    message,
    before: previousSha(repo.id, ref),
    after: commit.sha,
    ref,
    source_repo: '',
    // A pull request builds its head branch (the commit's) into the target branch.
    source: isPull ? (commit.branch ?? branch) : branch,
    target: branch,
    author_login: commit.author.login,
    author_name: commit.author.name,
    author_email: commit.author.email,
    author_avatar: commit.author.avatar,
    sender: request.sender?.login ?? commit.author.login,
    params: JSON.stringify(request.params ?? {}),
    cron: request.cron ?? '',
    deploy_to: request.deployTo ?? '',
    deploy_id: 0,
    debug: request.debug ?? false,
    started: 0,
    finished: 0,
    created: 0,
    updated: 0,
    version: 1,
  };
  const parent = parentBuild(repo, request);
  if (!parent) return draft;
  // retry.go / promote.go copy the commit side of the previous build.
  const { link, title, before, source_repo, source, target, sender } = parent;
  const { author_login, author_name, author_email, author_avatar } = parent;
  return {
    ...draft,
    ...{ link, title, before, source_repo, source, target, sender },
    ...{ author_login, author_name, author_email, author_avatar },
    message: request.message ?? parent.message,
  };
}

/** Stores the build with its stages and steps; `error` makes it a stage-less error build. */
export function insertBuild(
  repo: RepoRow,
  draft: BuildDraft,
  definition: PipelineDefinition | { error: string },
  atMs: number,
): BuildRow {
  const now = toSeconds(atMs);
  db.repo.update({
    where: { id: { equals: repo.id } },
    data: { counter: draft.number, version: repo.version + 1, updated: now },
  });
  if ('error' in definition) {
    return db.build.create({
      ...draft,
      id: newId(),
      status: 'error',
      error: definition.error,
      started: now,
      finished: now,
      created: now,
      updated: now,
    });
  }
  const build = db.build.create({ ...draft, id: newId(), created: now, updated: now });
  definition.stages.forEach((stageDef, index) => {
    const dependsOn = stageDef.depends_on ?? [];
    const status: Status =
      repo.protected || stageDef.needsApproval
        ? 'blocked'
        : dependsOn.length > 0
          ? 'waiting_on_dependencies'
          : 'pending';
    const stage = db.stage.create({
      id: newId(),
      repo_id: repo.id,
      build_id: build.id,
      number: index + 1,
      name: stageDef.name,
      kind: 'pipeline',
      type: stageDef.type ?? 'docker',
      status,
      os: stageDef.os ?? 'linux',
      arch: stageDef.arch ?? 'amd64',
      variant: stageDef.variant ?? '',
      limit: stageDef.limit ?? 0,
      // The repository's throttle is copied onto each stage (Drone's LimitRepo).
      throttle: repo.throttle ?? 0,
      labels: stageDef.labels ? JSON.stringify(stageDef.labels) : '',
      on_success: stageDef.on_success ?? true,
      on_failure: stageDef.on_failure ?? false,
      depends_on: [...dependsOn],
      created: now,
      updated: now,
      version: 1,
    });
    stageDef.steps.forEach((stepDef, stepIndex) => {
      db.step.create({
        id: newId(),
        step_id: stage.id,
        number: stepIndex + 1,
        name: stepDef.name,
        status: 'pending',
        errignore: stepDef.errignore ?? false,
        depends_on: [...(stepDef.depends_on ?? [])],
        image: stepDef.image,
        detached: stepDef.detached ?? false,
        version: 1,
      });
    });
  });
  return build;
}

/**
 * Builds the new one supersedes (service/canceler): same repo, event and ref, lower number,
 * pending, or running too when the repository auto-cancels running builds.
 */
export function autoCancelTargets(repo: RepoRow, build: BuildRow): BuildRow[] {
  const enabled =
    (build.event === 'push' && repo.auto_cancel_pushes) ||
    (build.event === 'pull_request' && repo.auto_cancel_pull_requests);
  if (!enabled) return [];
  return db.build
    .findMany({ where: { repo_id: { equals: repo.id } } })
    .filter(
      (other) =>
        other.number < build.number &&
        other.event === build.event &&
        other.ref === build.ref &&
        (other.status === 'pending' || (repo.auto_cancel_running && other.status === 'running')),
    );
}
