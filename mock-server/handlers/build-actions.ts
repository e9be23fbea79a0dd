// Build writes (docs/drone-api.md 4.2): create, retry, cancel, promote/rollback, approve/decline.
// The pipeline itself is the engine's; these handlers translate Drone's query rules into a
// BuildRequest and answer with Drone's shapes and messages.
import { db } from '../db';
import { badRequest, DroneError, noRows } from '../errors';
import { repoAccess } from '../guards';
import type { Ctx } from '../http';
import { api, json, noContent } from '../http';
import { queryEntries } from '../input';
import { runtime, type BuildRequest } from '../runtime';
import { parseParams, serializeBuild, type BuildRow } from '../serialize';
import { buildFromPath } from './lookup';

const INT = /^[+-]?\d+$/;

const answer = (row: BuildRow | null) => json(row ? serializeBuild(row) : null);

/** The request fields a retry, promote or rollback copies from the build it starts from. */
function fromPrevious(prev: BuildRow): Omit<BuildRequest, 'event' | 'trigger' | 'params'> {
  return {
    repoId: prev.repo_id,
    action: prev.action,
    branch: prev.target,
    commit: prev.after,
    message: prev.message,
    ref: prev.ref,
    parent: prev.number,
    cron: prev.cron || undefined,
  };
}

/** promote and rollback: the previous build's params first, then the query wins. */
function deploy(event: 'promote' | 'rollback') {
  return api('POST', `/repos/:owner/:name/builds/:number/${event}`, (ctx) => {
    const { repo, user } = repoAccess(ctx, 'write');
    const prev = buildFromPath(repo, ctx.params.number);
    const target = ctx.url.searchParams.get('target') ?? '';
    if (target === '') throw badRequest('Missing target environment');
    const params = parseParams(prev.params);
    for (const [key, value] of queryEntries(ctx.url, ['access_token', 'target']))
      params[key] = value;
    return answer(
      runtime().engine.createBuild({
        ...fromPrevious(prev),
        event,
        trigger: user!.login,
        deployTo: target,
        params,
        sender: user,
      }),
    );
  });
}

/** approve/decline: Drone's own messages instead of the store errors (stages/*.go). */
function blockedStage(ctx: Ctx, verb: 'approve' | 'decline') {
  const { repo } = repoAccess(ctx, 'admin');
  if (!INT.test(ctx.params.number ?? '')) throw badRequest('Invalid build number');
  if (!INT.test(ctx.params.stage ?? '')) throw badRequest('Invalid stage number');
  const build = db.build.findFirst({
    where: { repo_id: { equals: repo.id }, number: { equals: Number(ctx.params.number) } },
  });
  if (!build) throw new DroneError(404, 'Build not found');
  const stageNumber = Number(ctx.params.stage);
  const stage = db.stage.findFirst({
    where: { build_id: { equals: build.id }, number: { equals: stageNumber } },
  });
  if (!stage) throw new DroneError(404, 'Stage not found');
  if (stage.status !== 'blocked') {
    throw badRequest(
      verb === 'approve'
        ? `Cannot approve a Pipeline with Status ${JSON.stringify(stage.status)}`
        : `Cannot decline build with status ${JSON.stringify(stage.status)}`,
    );
  }
  return { build, stageNumber };
}

export const buildActionHandlers = [
  // New build: every query key except branch/commit/access_token becomes a param.
  api('POST', '/repos/:owner/:name/builds', (ctx) => {
    const { repo, user } = repoAccess(ctx, 'write');
    const owner = db.user.findFirst({ where: { id: { equals: repo.user_id } } });
    if (!owner) throw noRows();
    const query = ctx.url.searchParams;
    const params = Object.fromEntries(queryEntries(ctx.url, ['access_token', 'commit', 'branch']));
    const branch = query.get('branch') || repo.default_branch;
    return answer(
      runtime().engine.createBuild({
        repoId: repo.id,
        event: 'custom',
        trigger: user!.login,
        action: query.get('action') || undefined,
        branch,
        commit: query.get('commit') || undefined,
        message: query.get('message') || undefined,
        ref: branch.startsWith('refs/') ? branch : `refs/heads/${branch}`,
        params,
        sender: user,
      }),
    );
  }),

  // Retry: query params first, then the previous build's params overwrite them.
  api('POST', '/repos/:owner/:name/builds/:number', (ctx) => {
    const { repo, user } = repoAccess(ctx, 'write');
    const prev = buildFromPath(repo, ctx.params.number);
    if (prev.status === 'blocked') throw badRequest('cannot start a blocked build');
    if (prev.status === 'declined') throw badRequest('cannot start a declined build');
    const params = Object.fromEntries(queryEntries(ctx.url, ['access_token', 'debug']));
    Object.assign(params, parseParams(prev.params));
    return answer(
      runtime().engine.createBuild({
        ...fromPrevious(prev),
        event: prev.event,
        trigger: user!.login,
        debug: ctx.url.searchParams.get('debug') === 'true',
        deployTo: prev.deploy_to || undefined,
        params,
        sender: user,
      }),
    );
  }),

  api('DELETE', '/repos/:owner/:name/builds/:number', (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const build = buildFromPath(repo, ctx.params.number);
    return json(serializeBuild(runtime().engine.cancel(build), true));
  }),

  deploy('promote'),
  deploy('rollback'),

  api('POST', '/repos/:owner/:name/builds/:number/approve/:stage', (ctx) => {
    const { build, stageNumber } = blockedStage(ctx, 'approve');
    runtime().engine.approve(build, stageNumber);
    return noContent();
  }),

  api('POST', '/repos/:owner/:name/builds/:number/decline/:stage', (ctx) => {
    const { build, stageNumber } = blockedStage(ctx, 'decline');
    runtime().engine.decline(build, stageNumber);
    return noContent();
  }),

  // [latest only] Declines the whole build; every stage must be blocked.
  api('POST', '/repos/:owner/:name/builds/:number/decline', (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    if (!INT.test(ctx.params.number ?? '')) throw badRequest('Invalid build number');
    const build = db.build.findFirst({
      where: { repo_id: { equals: repo.id }, number: { equals: Number(ctx.params.number) } },
    });
    if (!build) throw new DroneError(404, 'Build not found');
    const stages = db.stage.findMany({ where: { build_id: { equals: build.id } } });
    if (stages.length === 0) throw new DroneError(404, 'Stages not found');
    const open = stages.find((stage) => stage.status !== 'blocked');
    if (open) throw badRequest(`Cannot decline build with status ${JSON.stringify(open.status)}`);
    for (const stage of stages) runtime().engine.decline(build, stage.number);
    return noContent();
  }),
];
