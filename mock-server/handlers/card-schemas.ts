// The adaptive-card templates the demo's Step.schema URLs point at (fixtures/cards.ts). Not a
// Drone route: real schemas live on the plugins' sites, which a mocked demo cannot reach offline.
import { cardSchemas } from '../../fixtures/cards';
import { noRows } from '../errors';
import { api, json } from '../http';

export const cardSchemaHandlers = [
  api('GET', '/mock/card-schemas/:file', (ctx) => {
    const schema = cardSchemas[ctx.params.file ?? ''];
    if (schema === undefined) throw noRows();
    // The console fetches schemas without credentials, possibly cross-origin in server mode.
    return json(schema, 200, { 'Access-Control-Allow-Origin': '*' });
  }),
];
