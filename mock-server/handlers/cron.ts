// Repository cron jobs (docs/drone-api.md 3.8 and 4.3). Every route needs write access, even reads.
import { EXPR_MAX_LENGTH, parseCron } from '../../src/cron/cronexpr';
import { db, newId } from '../db';
import { badRequest, DroneError, noRows } from '../errors';
import { repoAccess } from '../guards';
import { api, json, noContent } from '../http';
import { bool, readBody, readBodyIgnoringErrors, slugify, str, unixNow } from '../input';
import { runtime } from '../runtime';
import { serializeBuild, serializeCron, type CronRow, type RepoRow } from '../serialize';
import { byKey } from './lookup';

function findCron(repo: RepoRow, name: string | undefined): CronRow {
  const cron = db.cron.findFirst({
    where: { repo_id: { equals: repo.id }, name: { equals: name ?? '' } },
  });
  if (!cron) throw noRows();
  return cron;
}

/** core.Cron.SetExpr then Validate: expression, then name (must be a slug), then branch. */
function validated(input: { name?: string; expr?: string; branch?: string }) {
  const name = slugify(input.name ?? '');
  const expr = input.expr ?? '';
  let next: number;
  try {
    next = parseCron(expr).next(unixNow() * 1000);
  } catch {
    throw badRequest('Invalid Cronjob Expression');
  }
  if (name === '') throw badRequest('Invalid Cronjob Name');
  if (!input.branch) throw badRequest('Invalid Cronjob Branch');
  // The store's column is VARCHAR(50) (docs/drone-api.md 3.8): SQLite would keep a longer one,
  // Postgres and MySQL refuse it; the mock refuses it as Postgres does, so no store it imitates
  // holds what another would refuse.
  if (expr.length > EXPR_MAX_LENGTH) {
    throw new DroneError(500, `pq: value too long for type character varying(${EXPR_MAX_LENGTH})`);
  }
  // Drone sets prev to "now" so `@every` jobs do not align; created/updated stay 0 on create.
  return { name, expr, branch: input.branch, prev: unixNow(), next: Math.floor(next / 1000) };
}

const cronPath = '/repos/:owner/:name/cron/:cron';

export const cronHandlers = [
  api('GET', '/repos/:owner/:name/cron', (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const crons = db.cron.findMany({ where: { repo_id: { equals: repo.id } } });
    return json(crons.sort(byKey((c) => c.name)).map(serializeCron));
  }),

  api('POST', '/repos/:owner/:name/cron', async (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const input = await readBody(ctx.request, 'core.Cron', {
      name: 'string',
      expr: 'string',
      branch: 'string',
    });
    const fields = validated({
      name: str(input.name),
      expr: str(input.expr),
      branch: str(input.branch),
    });
    if (
      db.cron.findFirst({ where: { repo_id: { equals: repo.id }, name: { equals: fields.name } } })
    ) {
      throw new DroneError(500, 'UNIQUE constraint failed: cron.cron_repo_id, cron.cron_name');
    }
    const cron = db.cron.create({
      id: newId(),
      repo_id: repo.id,
      event: 'push',
      ...fields,
    });
    return json(serializeCron(cron));
  }),

  api('GET', cronPath, (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    return json(serializeCron(findCron(repo, ctx.params.cron)));
  }),

  // Runs the job now: a cron build of the branch head, or `null` when nothing ran.
  api('POST', cronPath, (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const cron = findCron(repo, ctx.params.cron);
    const build = runtime().engine.createBuild({
      repoId: repo.id,
      event: 'cron',
      trigger: '@cron',
      branch: cron.branch,
      ref: `refs/heads/${cron.branch}`,
      cron: cron.name,
      deployTo: cron.target || undefined,
      params: {},
    });
    return json(build ? serializeBuild(build) : null);
  }),

  // PATCH ignores JSON decode errors, as Drone's handler does, and the store's Update writes the
  // row as it is: `updated` and `version` stay, and neither name, expression nor next can change.
  api('PATCH', cronPath, async (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const cron = findCron(repo, ctx.params.cron);
    const input = await readBodyIgnoringErrors(ctx.request, {
      branch: 'string',
      target: 'string',
      disabled: 'bool',
    });
    const updated = db.cron.update({
      where: { id: { equals: cron.id } },
      data: {
        branch: str(input.branch) ?? cron.branch,
        target: str(input.target) ?? cron.target,
        disabled: bool(input.disabled) ?? cron.disabled,
      },
    });
    return json(serializeCron(updated ?? cron));
  }),

  api('DELETE', cronPath, (ctx) => {
    const { repo } = repoAccess(ctx, 'write');
    const cron = findCron(repo, ctx.params.cron);
    db.cron.delete({ where: { id: { equals: cron.id } } });
    return noContent();
  }),
];
