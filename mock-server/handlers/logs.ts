// Stored step logs (docs/drone-api.md 6): served verbatim, 404 until the step has finished.
import { db } from '../db';
import { noRows } from '../errors';
import { repoAccess } from '../guards';
import { GENERATED_LOG_HEADER } from '../generated';
import { api, noContent, rawJson, respond } from '../http';
import { generatedLogName, storedLogBody } from '../logstore';
import { stepFromPath } from './lookup';

const path = '/repos/:owner/:name/builds/:number/logs/:stage/:step';

export const logHandlers = [
  // A running or never-started step has no stored log: the DB store's not-found error.
  api('GET', path, (ctx) => {
    const { repo } = repoAccess(ctx, 'read');
    const { step } = stepFromPath(repo, ctx.params, 'number');
    // In the page, a generated log is answered by name: the console's worker generates it.
    const name = generatedLogName(step.id);
    if (name !== null) return respond('', { headers: { [GENERATED_LOG_HEADER]: name } });
    // Through the log store: benchmark logs are generated on demand, never kept as bytes.
    const body = storedLogBody(step.id);
    if (body === null) throw noRows();
    return rawJson(body);
  }),

  // logs.Delete is `DELETE FROM logs WHERE log_id = ?`: 204 whether or not a log was stored; only
  // a missing build, stage or step is sql404 (handler/api/repos/builds/logs/delete.go).
  api('DELETE', path, (ctx) => {
    const { repo } = repoAccess(ctx, 'admin');
    const { step } = stepFromPath(repo, ctx.params, 'number');
    db.log.delete({ where: { id: { equals: step.id } } });
    return noContent();
  }),
];
