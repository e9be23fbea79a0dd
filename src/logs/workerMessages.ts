import type { LineBatch } from './outColumn';

// What the page (src/api/readStoredLog.ts) and the stored-log worker say to each other.

/**
 * In-page demo only: the header naming the generated log an in-page mock's answer stands for
 * (`bench:1000000:4`, mock-server/generated.ts). Defined here, not in mock-server/, so the console
 * imports nothing of the mock; a production build reads it nowhere (`__DRONE_MOCK__` is false).
 */
export const GENERATED_LOG_HEADER = 'X-Drone-Mock-Log';

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
