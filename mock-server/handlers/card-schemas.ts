// The adaptive-card templates the demo's Step.schema URLs point at (fixtures/cards.ts). Not a
// Drone route: real schemas live on the plugins' sites, which a mocked demo cannot reach offline.
import { cardSchemas } from '../../fixtures/cards';
import { noRows } from '../errors';
import { api, json } from '../http';

export const cardSchemaHandlers = [
  api('GET', '/mock/card-schemas/:file', (ctx) => {
    const schema = cardSchemas[ctx.params.file ?? ''];
    if (schema === undefined) throw noRows();
    // The console fetches it with credentials, possibly cross-origin in server mode.
    const origin = ctx.request.headers.get('origin');
    const cors: Record<string, string> = origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true' }
      : {};
    return json(schema, 200, cors);
  }),
];
