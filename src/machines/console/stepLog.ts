import type { ApiError } from '../../api/client';
import type { StoredLogRef } from '../../api/logs';
import type { Line } from '../../api/types';
import { LogLines } from '../../logs';

// Reading one step's stored log, for the console and for the whole build's download.

/** docs/drone-api.md 6: the logs endpoint's answer for a step with no stored log. */
export const NO_STORED_LOG_MESSAGE = 'sql: no rows in result set';

/** The logs endpoint (api/logs fetchLogs), or a test's stand-in. */
export type LoadStepLog = (ref: StoredLogRef) => Promise<LogLines | readonly Line[]>;

const isNoStoredLog = (error: unknown) =>
  (error as ApiError | undefined)?.status === 404 &&
  (error as ApiError).message === NO_STORED_LOG_MESSAGE;

/**
 * A finished step's stored log; "no stored log" (404) and a `null` body both mean no lines.
 * `load` is a parameter so tests control the answers while keeping this mapping.
 */
export async function readStepLog(load: LoadStepLog, ref: StoredLogRef): Promise<LogLines> {
  let lines: unknown;
  try {
    lines = await load(ref);
  } catch (error) {
    if (isNoStoredLog(error)) return LogLines.empty();
    throw error;
  }
  if (lines instanceof LogLines) return lines;
  // A body that is not a list of lines (a proxy's page, a broken store) is an error, not a log.
  if (!Array.isArray(lines)) throw new Error(`Unexpected log data: ${String(lines).slice(0, 120)}`);
  // Entries that are not lines are dropped by the store (LogLines.append).
  return LogLines.from(lines as Line[]);
}
