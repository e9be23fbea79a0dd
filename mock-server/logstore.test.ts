// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from './db';
import { registerLogGenerator } from './generated';
import {
  generatedLog,
  keepGeneratedLogs,
  storeLog,
  storedLogBody,
  storedLogBytes,
} from './logstore';

const encoder = new TextEncoder();
let runs = 0;
registerLogGenerator('counted', (argument) => {
  runs += 1;
  return [encoder.encode('[{"pos":0,"out":"'), encoder.encode(`${argument}\\n","time":0}]\n`)];
});

beforeEach(() => {
  resetDb();
  runs = 0;
  storeLog(1, generatedLog('counted', 'one'));
});

describe('generated logs', () => {
  it('are generated on every request until the server keeps them', () => {
    storedLogBytes(1);
    expect(storedLogBytes(1)).toBe('[{"pos":0,"out":"one\\n","time":0}]\n');
    expect(runs).toBe(2);
  });

  it('once kept, are served from memory after their first full read', async () => {
    keepGeneratedLogs();
    // A read that stops early (a client that went away) keeps nothing.
    const reader = (storedLogBody(1) as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    expect(storedLogBytes(1)).toBe('[{"pos":0,"out":"one\\n","time":0}]\n');
    expect(storedLogBytes(1)).toBe('[{"pos":0,"out":"one\\n","time":0}]\n');
    expect(runs).toBe(2);
  });
});
