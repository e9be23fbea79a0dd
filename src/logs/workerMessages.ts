import type { LineBatch } from './outColumn';
import type { WorkerBodySource } from './workerBody';

// What the page (src/api/readStoredLog.ts) and the stored-log worker say to each other.

export type ToLogWorker =
  /** The body's chunks as they arrive (transferred), then its end. */
  | { type: 'chunk'; chunk: Uint8Array }
  | { type: 'end' }
  /** Before the log's body: its last lines are wanted first (storedLog.ts parseBody). */
  | { type: 'tailFirst' }
  /** The log's request, which the worker makes itself. */
  | { type: 'fetch'; url: string; headers: Record<string, string> }
  /** In-page demo: another worker produces the body (./workerBody.ts). */
  | { type: 'workerBody'; source: WorkerBodySource }
  /** While it waits for the log: load the Intl data of the page's language (readStoredLog.ts). */
  | { type: 'warmIntl'; language: string };
export interface RequestTiming {
  url: string;
  start: number;
  end: number;
}

export type FromLogWorker =
  | { type: 'lines'; batch: LineBatch }
  /** A long log's last lines, read ahead of the rest (storedLog.ts parseBody); its batches follow. */
  | { type: 'tail'; batch: LineBatch }
  /** `request`: when the worker asked for the log and got its last byte (epoch ms). */
  | { type: 'done'; request?: RequestTiming }
  /** The server's answer was not a log: its status and body, for the page's error. */
  | { type: 'refused'; status: number; statusText: string; body: string }
  /** The body could not be read or parsed. */
  | { type: 'error'; message: string };
