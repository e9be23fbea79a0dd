// Adaptive cards [latest only] (docs/drone-api.md 3.10 and 4.3): raw card data per step.
import { db } from '../db';
import { DroneError, noRows } from '../errors';
import { repoAccess } from '../guards';
import { api, json, noContent, rawJson } from '../http';
import { readBody, str } from '../input';
import { stepFromPath } from './lookup';

const path = '/repos/:owner/:name/cards/:build/:stage/:step';

export const cardHandlers = [
  api('GET', path, (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const { step } = stepFromPath(repo, ctx.params, 'build');
    const card = db.card.findFirst({ where: { id: { equals: step.id } } });
    if (!card) throw noRows();
    return rawJson(card.data);
  }),

  // Stores `data` as sent and `schema` on the step; the answer is the bare step id.
  api('POST', path, async (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    const { step } = stepFromPath(repo, ctx.params, 'build');
    const input = await readBody(ctx.request, 'core.CardInput', { schema: 'string', data: 'any' });
    if (db.card.findFirst({ where: { id: { equals: step.id } } })) {
      throw new DroneError(500, 'UNIQUE constraint failed: cards.card_id');
    }
    db.card.create({ id: step.id, data: JSON.stringify(input.data ?? null) });
    db.step.update({
      where: { id: { equals: step.id } },
      data: { schema: str(input.schema) ?? '', version: step.version + 1 },
    });
    return json(step.id);
  }),

  api('DELETE', path, (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    const { step } = stepFromPath(repo, ctx.params, 'build');
    if (!db.card.findFirst({ where: { id: { equals: step.id } } })) throw noRows();
    db.card.delete({ where: { id: { equals: step.id } } });
    return noContent();
  }),
];
