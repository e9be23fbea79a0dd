// Repository and organization secrets (docs/drone-api.md 3.7, 4.3, 4.8). Answers never carry `data`
// (serializeSecret drops it, like Drone's secret.Copy()).
import { db, newId } from '../db';
import { badRequest, DroneError, noRows } from '../errors';
import { authorizeAdmin, checkMembership, repoAccess } from '../guards';
import { api, json, noContent, type Ctx } from '../http';
import { bool, readBody, str } from '../input';
import { serializeSecret, type SecretRow } from '../serialize';
import { byKey } from './lookup';

/** Where a secret lives: a repository (repo_id) or an organization (namespace, repo_id 0). */
type Owner = { repoId: number; namespace: '' } | { repoId: 0; namespace: string };

const INVALID_NAME = /[^a-zA-Z0-9-_.]+/;

/** core.Secret.Validate, in Drone's order. */
function validate(name: string, data: string): void {
  if (name.length === 0) throw badRequest('Invalid Secret Name');
  if (data.length === 0) throw badRequest('Invalid Secret Value');
  if (INVALID_NAME.test(name)) throw badRequest('Invalid Secret Name');
}

function where(owner: Owner) {
  return owner.repoId
    ? { repo_id: { equals: owner.repoId } }
    : { repo_id: { equals: 0 }, namespace: { equals: owner.namespace } };
}

function list(owner: Owner): SecretRow[] {
  return db.secret.findMany({ where: where(owner) }).sort(byKey((s) => s.name));
}

function find(owner: Owner, name: string | undefined): SecretRow {
  const secret = db.secret.findFirst({ where: { ...where(owner), name: { equals: name ?? '' } } });
  if (!secret) throw noRows();
  return secret;
}

const CREATE = {
  name: 'string',
  data: 'string',
  pull_request: 'bool',
  pull_request_push: 'bool',
} as const;
const UPDATE = { data: 'string', pull_request: 'bool', pull_request_push: 'bool' } as const;

async function create(ctx: Ctx, owner: Owner): Promise<Response> {
  const input = await readBody(ctx.request, 'secretInput', CREATE);
  const name = str(input.name) ?? '';
  const data = str(input.data) ?? '';
  validate(name, data);
  if (db.secret.findFirst({ where: { ...where(owner), name: { equals: name } } })) {
    throw new DroneError(
      500,
      owner.repoId
        ? 'UNIQUE constraint failed: secrets.secret_repo_id, secrets.secret_name'
        : 'UNIQUE constraint failed: orgsecrets.secret_namespace, orgsecrets.secret_name',
    );
  }
  const secret = db.secret.create({
    id: newId(),
    repo_id: owner.repoId,
    namespace: owner.namespace,
    name,
    data,
    pull_request: bool(input.pull_request) ?? false,
    pull_request_push: bool(input.pull_request_push) ?? false,
  });
  return json(serializeSecret(secret));
}

async function update(ctx: Ctx, owner: Owner, name: string | undefined): Promise<Response> {
  const input = await readBody(ctx.request, 'secretUpdate', UPDATE);
  const secret = find(owner, name);
  const next = {
    data: str(input.data) ?? secret.data,
    pull_request: bool(input.pull_request) ?? secret.pull_request,
    pull_request_push: bool(input.pull_request_push) ?? secret.pull_request_push,
  };
  validate(secret.name, next.data);
  const saved = db.secret.update({ where: { id: { equals: secret.id } }, data: next });
  return json(serializeSecret(saved ?? secret));
}

function remove(owner: Owner, name: string | undefined): Response {
  const secret = find(owner, name);
  db.secret.delete({ where: { id: { equals: secret.id } } });
  return noContent();
}

const repoOwner = (ctx: Ctx): Owner => ({
  repoId: repoAccess(ctx, 'write').repo.id,
  namespace: '',
});

function orgOwner(ctx: Ctx, orgAdmin: boolean): Owner {
  const namespace = ctx.params.namespace ?? '';
  checkMembership(ctx, namespace, orgAdmin);
  return { repoId: 0, namespace };
}

const repoSecret = '/repos/:owner/:name/secrets/:secret';
const orgSecret = '/secrets/:namespace/:secret';

export const secretHandlers = [
  api('GET', '/repos/:owner/:name/secrets', (ctx) =>
    json(list(repoOwner(ctx)).map(serializeSecret)),
  ),
  api('POST', '/repos/:owner/:name/secrets', (ctx) => create(ctx, repoOwner(ctx))),
  api('GET', repoSecret, (ctx) => json(serializeSecret(find(repoOwner(ctx), ctx.params.secret)))),
  api('PATCH', repoSecret, (ctx) => update(ctx, repoOwner(ctx), ctx.params.secret)),
  api('DELETE', repoSecret, (ctx) => remove(repoOwner(ctx), ctx.params.secret)),

  // Admin: the organization secrets of every namespace.
  api('GET', '/secrets', (ctx) => {
    authorizeAdmin(ctx);
    const all = db.secret.findMany({ where: { repo_id: { equals: 0 } } });
    return json(all.sort(byKey((s) => `${s.namespace}\u0000${s.name}`)).map(serializeSecret));
  }),
  api('GET', '/secrets/:namespace', (ctx) => json(list(orgOwner(ctx, false)).map(serializeSecret))),
  api('POST', '/secrets/:namespace', (ctx) => create(ctx, orgOwner(ctx, true))),
  api('GET', orgSecret, (ctx) =>
    json(serializeSecret(find(orgOwner(ctx, false), ctx.params.secret))),
  ),
  api('POST', orgSecret, (ctx) => update(ctx, orgOwner(ctx, true), ctx.params.secret)),
  api('PATCH', orgSecret, (ctx) => update(ctx, orgOwner(ctx, true), ctx.params.secret)),
  api('DELETE', orgSecret, (ctx) => remove(orgOwner(ctx, true), ctx.params.secret)),
];
