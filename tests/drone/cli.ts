// `npm run drone`: a real Drone on loopback (tests/drone/stack.ts), seeded, until Ctrl+C.
import { parseArgs } from 'node:util';
import { DRONE_TOKENS } from './seed';
import { startDroneStack } from './stack';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    'scm-port': { type: 'string', default: '0' },
    'no-seed': { type: 'boolean' },
  },
});
const stack = await startDroneStack({
  port: Number(values.port),
  scmPort: Number(values['scm-port']),
  seed: !values['no-seed'],
});
console.info(`
Drone (real server, v1.10.1)  ${stack.url}
Stand-in Gogs (sign-in)       ${stack.scm.url}
Sign in as admin/admin or member/member (password = login).
Tokens: admin ${DRONE_TOKENS.admin}, member ${DRONE_TOKENS.member}
Logs and database: ${stack.folder}

Point the console at it:  DRONE_SERVER=${stack.url} npm start
Push a commit (a build):  curl -X POST ${stack.scm.url}/_control/push -d '{"repo":"acme/slow"}'
Ctrl+C stops everything.`);

const stop = () => void stack.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
