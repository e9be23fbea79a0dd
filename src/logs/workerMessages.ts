import type { LineBatch } from './outColumn';

// What the page (src/api/readStoredLog.ts) and the stored-log worker say to each other.

export type ToLogWorker =
  /** The body's chunks as they arrive (transferred), then its end. */
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'end' }
  /** In-page demo: the log is generated in the worker (mock-server/generated.ts). */
  | { type: 'generate'; name: string };
export type FromLogWorker =
  | { type: 'lines'; batch: LineBatch }
  | { type: 'done' }
  /** The body could not be read or parsed. */
  | { type: 'error'; message: string };
