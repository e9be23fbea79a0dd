// Stored step logs (docs/drone-api.md 6). A finished step's log is kept in the `log` model as the exact
// bytes Drone serves: the JSON array the runner uploaded (Go encoder output, so a trailing
// newline), or `null\n` when the step printed nothing. Huge benchmark logs are not kept in memory:
// their row holds a marker and a registered generator produces the bytes on demand, in chunks.
// The REST logs handler must read logs through `storedLogBody`, never from `db.log` directly.
import type { Line } from '../src/api/types';
import { db } from './db';
import { bodyOf, generateLog } from './generated';
import { goEncode } from './gojson';

const MARKER = '@generated:';

/** Generated logs by marker, once produced in full (only after keepGeneratedLogs). */
let kept: Map<string, Uint8Array[]> | null = null;

/**
 * Keeps each generated log's bytes after its first full read, so later requests are served from
 * memory, as a real server serves them from its log store, without running the generator again.
 * The standalone server does; the in-page mock shares the page's memory and does not.
 */
export function keepGeneratedLogs(): void {
  kept ??= new Map();
}

function* keeping(marker: string, chunks: Iterable<Uint8Array>): Iterable<Uint8Array> {
  const copies: Uint8Array[] = [];
  for (const chunk of chunks) {
    copies.push(chunk.slice()); // A chunk may be a view of a larger buffer.
    yield chunk;
  }
  kept?.set(marker, copies);
}

/**
 * In the page (mock-server/browser.ts): the logs handler answers a generated log with its name
 * (GENERATED_LOG_HEADER) and the console's log worker generates it (mock-server/generated.ts).
 */
let namingGeneratedLogs = false;

export function nameGeneratedLogs(): void {
  namingGeneratedLogs = true;
}

/** The `log.data` value that stands for bytes produced later by a registered generator. */
export function generatedLog(name: string, argument: string): string {
  return `${MARKER}${name}:${argument}`;
}

/** The bytes the runner uploads for these lines: `[...]\n`, or `null\n` for no output. */
export function encodeLog(lines: readonly Line[]): string {
  if (lines.length === 0) return goEncode(null);
  // Rebuild each line so the keys come out in Drone's order whatever the caller passed.
  return goEncode(lines.map((line) => ({ pos: line.pos, out: line.out, time: line.time })));
}

/** Replaces the stored log of a step. */
export function storeLog(stepId: number, data: string): void {
  // In place when it exists: see engine-rows.ts for why the engine avoids db.x.update.
  const existing = db.log.getAll().find((row) => row.id === stepId);
  if (existing) existing.data = data;
  else db.log.create({ id: stepId, data });
}

function storedLog(stepId: number): string | Iterable<Uint8Array> | null {
  const row = db.log.getAll().find((log) => log.id === stepId);
  if (!row) return null;
  if (!row.data.startsWith(MARKER)) return row.data;
  const known = kept?.get(row.data);
  if (known) return known;
  const chunks = generateLog(row.data.slice(MARKER.length));
  if (!chunks) return goEncode(null);
  return kept ? keeping(row.data, chunks) : chunks;
}

/** The name of a step's generated log when the handler answers it by name (nameGeneratedLogs). */
export function generatedLogName(stepId: number): string | null {
  if (!namingGeneratedLogs) return null;
  const data = db.log.getAll().find((log) => log.id === stepId)?.data;
  return data?.startsWith(MARKER) ? data.slice(MARKER.length) : null;
}

/** The stored bytes of a step's log, or null when none exists (the handler answers sql404). */
export function storedLogBytes(stepId: number): string | null {
  const log = storedLog(stepId);
  if (log === null || typeof log === 'string') return log;
  const decoder = new TextDecoder();
  let text = '';
  for (const chunk of log) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The body the logs handler answers: the stored bytes, or a generated log as a stream whose
 * chunks are produced as the client reads them (short tasks, never the whole log at once).
 */
export function storedLogBody(stepId: number): string | ReadableStream<Uint8Array> | null {
  const log = storedLog(stepId);
  if (log === null || typeof log === 'string') return log;
  return bodyOf(log);
}
