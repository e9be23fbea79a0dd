// The build queue (docs/drone-api.md 4.7), system admins only. The mock's scheduler cannot be paused,
// so POST/DELETE acknowledge without effect.
import { db } from '../db';
import { authorizeAdmin } from '../guards';
import { api, json, noContent } from '../http';
import { serializeStage } from '../serialize';

export const queueHandlers = [
  api('GET', '/queue', (ctx) => {
    authorizeAdmin(ctx);
    const stages = db.stage.findMany({
      where: { status: { in: ['pending', 'running'] } },
      orderBy: { id: 'asc' },
    });
    return json(stages.map((stage) => serializeStage(stage)));
  }),
  ...(['POST', 'DELETE'] as const).map((method) =>
    api(method, '/queue', (ctx) => {
      authorizeAdmin(ctx);
      return noContent();
    }),
  ),
];
