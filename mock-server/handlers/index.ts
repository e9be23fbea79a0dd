// Every route of the mock Drone server, in matching order: the SSE streams, the /api routes
// (specific paths before parameterised ones), chi's 404/405 for the rest of /api, then the web
// router. The same list serves the browser worker, Node tests and the standalone server.
import type { RequestHandler } from 'msw';
import { faultHandler } from '../faults';
import { apiFallback } from '../http';
import { badgeHandlers } from './badges';
import { buildActionHandlers } from './build-actions';
import { buildHandlers } from './builds';
import { cardSchemaHandlers } from './card-schemas';
import { cardHandlers } from './cards';
import { collaboratorHandlers } from './collaborators';
import { cronHandlers } from './cron';
import { logHandlers } from './logs';
import { queueHandlers } from './queue';
import { repoHandlers } from './repos';
import { secretHandlers } from './secrets';
import { streamHandlers } from './stream';
import { systemHandlers } from './system';
import { templateHandlers } from './templates';
import { userHandlers } from './user';
import { usersHandlers } from './users';
import { webHandlers } from './web';

const serverHandlers: RequestHandler[] = [
  ...streamHandlers,
  ...userHandlers,
  ...usersHandlers,
  ...repoHandlers,
  ...buildHandlers,
  ...buildActionHandlers,
  ...logHandlers,
  ...cardHandlers,
  ...collaboratorHandlers,
  ...cronHandlers,
  ...secretHandlers,
  ...templateHandlers,
  ...badgeHandlers,
  ...queueHandlers,
  ...systemHandlers,
  // Not Drone's: the demo's adaptive-card templates (Step.schema points here).
  ...cardSchemaHandlers,
  apiFallback,
  ...webHandlers,
];

// Fault injection (mock-server/faults.ts) goes first; it answers nothing unless faults are on.
export const handlers: RequestHandler[] = [faultHandler(serverHandlers), ...serverHandlers];
