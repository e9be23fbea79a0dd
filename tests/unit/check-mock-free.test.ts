// @vitest-environment node
// Issue 27 item 5: `npm test` runs scripts/check-mock-free.ts on the server-mode build; this
// checks the check itself finds each kind of trace a demo build leaves (a check that finds
// nothing would pass any build).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MOCK_TRACES, mockTraces } from '../../scripts/check-mock-free';

let dist = '';

function build(files: Record<string, string>): string {
  dist = mkdtempSync(join(tmpdir(), 'mock-free-'));
  mkdirSync(join(dist, 'assets'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, name), text);
  return dist;
}

afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('mockTraces', () => {
  it('finds nothing in a build of the console alone', () => {
    const clean = build({
      'index.html': '<div id="root"></div>',
      'assets/app-1.js': 'fetch("/api/user")',
    });
    expect(mockTraces(clean)).toEqual([]);
  });

  it('finds the mock’s workers by name', () => {
    const demo = build({
      'mockServiceWorker.js': '',
      'assets/logGenerator.worker-Cd1.js': '',
      'assets/app-1.js': '',
    });
    expect(mockTraces(demo).sort()).toEqual([
      "assets/logGenerator.worker-Cd1.js: a mock's file",
      "mockServiceWorker.js: a mock's file",
    ]);
  });

  it.each(MOCK_TRACES)('finds “%s” inside a chunk', (trace) => {
    const demo = build({ 'assets/boot-1.js': `const x = ${JSON.stringify(trace)};` });
    expect(mockTraces(demo)).toEqual([`assets/boot-1.js: holds “${trace}”`]);
  });
});
