// Builds the consoles the end-to-end tests serve (tests/e2e/servers.ts), one after the other, so
// `npm test` can make them while the unit tests run and Playwright then only serves them
// (E2E_PREBUILT=1). E2E_PORT picks the folders, as it does for Playwright;
// E2E_MOCK_ONLY=1 builds the mock console only.
import { execSync } from 'node:child_process';
import { buildCommand, consoleBuilds } from './servers';

for (const build of consoleBuilds(process.env.E2E_MOCK_ONLY === '1')) {
  execSync(buildCommand(build), { stdio: 'inherit', env: { ...process.env, ...build.env } });
}
