// Templates (docs/drone-api.md 3.9 and 4.8), latest server: POST /templates/{namespace} with the
// extension check. Reads need membership; writes need organization admin.
import { db, newId } from '../db';
import { badRequest, DroneError, noRows } from '../errors';
import { checkMembership } from '../guards';
import { api, json, noContent, type Ctx } from '../http';
import { readBody, str } from '../input';
import { serializeTemplate, type TemplateRow } from '../serialize';
import { byKey } from './lookup';

const EXTENSIONS = ['.yml', '.yaml', '.star', '.starlark', '.script', '.jsonnet'];

/** Go's filepath.Ext: the suffix from the last dot of the last path element. */
function extension(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot < 0 ? '' : base.slice(dot);
}

/** core.Template.Validate. */
function validate(name: string, data: string): void {
  if (name.length === 0) throw badRequest('No Template Name Provided');
  if (data.length === 0) throw badRequest('No Template Data Provided');
}

function member(ctx: Ctx, orgAdmin: boolean): string {
  const namespace = ctx.params.namespace ?? '';
  checkMembership(ctx, namespace, orgAdmin);
  return namespace;
}

function find(namespace: string, name: string | undefined): TemplateRow {
  const template = db.template.findFirst({
    where: { namespace: { equals: namespace }, name: { equals: name ?? '' } },
  });
  if (!template) throw noRows();
  return template;
}

async function update(ctx: Ctx): Promise<Response> {
  const namespace = member(ctx, true);
  const input = await readBody(ctx.request, 'templateUpdate', {
    data: 'string',
    namespace: 'string',
  });
  const template = find(namespace, ctx.params.template);
  const next = {
    data: str(input.data) ?? template.data,
    namespace: str(input.namespace) ?? template.namespace,
  };
  validate(template.name, next.data);
  const saved = db.template.update({ where: { id: { equals: template.id } }, data: next });
  return json(serializeTemplate(saved ?? template));
}

const one = '/templates/:namespace/:template';
const sorted = (rows: TemplateRow[]) => rows.sort(byKey((t) => t.name)).map(serializeTemplate);

export const templateHandlers = [
  // CheckMembership on the empty namespace: only system admins pass.
  api('GET', '/templates', (ctx) => {
    checkMembership(ctx, '', false);
    return json(sorted(db.template.getAll()));
  }),

  api('GET', '/templates/:namespace', (ctx) => {
    const namespace = member(ctx, false);
    return json(sorted(db.template.findMany({ where: { namespace: { equals: namespace } } })));
  }),

  // The extension check comes before Validate, as in the latest server.
  api('POST', '/templates/:namespace', async (ctx) => {
    const namespace = member(ctx, true);
    const input = await readBody(ctx.request, 'templateInput', { name: 'string', data: 'string' });
    const name = str(input.name) ?? '';
    const data = str(input.data) ?? '';
    if (!EXTENSIONS.includes(extension(name))) {
      throw badRequest('Template extension invalid. Must be yaml, starlark or jsonnet');
    }
    validate(name, data);
    const duplicate = db.template.findFirst({
      where: { namespace: { equals: namespace }, name: { equals: name } },
    });
    if (duplicate) {
      throw new DroneError(
        500,
        'UNIQUE constraint failed: templates.template_name, templates.template_namespace',
      );
    }
    const template = db.template.create({ id: newId(), name, data, namespace });
    return json(serializeTemplate(template));
  }),

  api('GET', one, (ctx) => json(serializeTemplate(find(member(ctx, false), ctx.params.template)))),
  api('PUT', one, update),
  api('PATCH', one, update),
  api('DELETE', one, (ctx) => {
    const template = find(member(ctx, true), ctx.params.template);
    db.template.delete({ where: { id: { equals: template.id } } });
    return noContent();
  }),
];
