// @vitest-environment node
// docs/architecture.md 2: src/ never imports mock-server/ (the demo's entry hooks the mock in), enforced
// by ESLint; its tests may use the mock. The rule, proved on code that breaks it each way.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function mockImportsFlagged(code: string, filePath: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.message.includes('mock-server/')).length;
}

const breaking = [
  "import { db } from '../../mock-server/db';",
  "import type { UserRow } from '../mock-server/serialize';",
  "export { handlers } from '../mock-server/handlers';",
  "void import('../mock-server/browser');",
  "void new URL('../../mock-server/logGenerator.worker.ts', import.meta.url);",
].join('\n');

describe('src/ and mock-server/', () => {
  it('flags every way src/ code could reach the mock', async () => {
    expect(await mockImportsFlagged(breaking, 'src/views/shell/Probe.tsx')).toBe(5);
    expect(await mockImportsFlagged(breaking, 'src/api/probe.ts')).toBe(5);
  });

  it('lets tests, and modules merely named alike, be', async () => {
    expect(await mockImportsFlagged(breaking, 'src/views/shell/Probe.test.tsx')).toBe(0);
    expect(await mockImportsFlagged(breaking, 'tests/drivers/probe.ts')).toBe(0);
    const alike = "import { x } from './mock-serverless';\nvoid x;";
    expect(await mockImportsFlagged(alike, 'src/api/probe.ts')).toBe(0);
  });
});
