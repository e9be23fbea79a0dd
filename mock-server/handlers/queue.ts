// The build queue (docs/drone-api.md 4.7), system admins only: every pending and running stage;
// DELETE pauses the scheduler, POST resumes it (the engine's queue, engine-queue.ts). Like Drone,
// nothing reports whether it is paused.
import { db } from '../db';
import { authorizeAdmin } from '../guards';
import { api, json, noContent } from '../http';
import { runtime } from '../runtime';
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
      runtime().engine.setQueuePaused(method === 'DELETE');
      return noContent();
    }),
  ),
];
