import type { LogLines } from '../logs';
import { loadStoredLogInWorker, readStoredLog } from '../logs/readStoredLog';
import { encodeSegment as e, requestStream, streamUrl } from './client';
import { repoPath, type RepoRef } from './repos';

export interface StepRef extends RepoRef {
  build: number;
  stage: number;
  step: number;
}

/**
 * A finished step's stored log; a step that printed nothing stores `null`. Parsed as it arrives
 * (off the main thread for a long log), so a million lines never freeze the page.
 */
export function fetchLogs(ref: StepRef): Promise<LogLines> {
  return requestStream(
    `${repoPath(ref)}/builds/${e(ref.build)}/logs/${e(ref.stage)}/${e(ref.step)}`,
    readStoredLog,
    loadStoredLogInWorker,
  );
}

export const logStreamUrl = (ref: StepRef) =>
  streamUrl(
    `/api/stream/${e(ref.namespace)}/${e(ref.name)}/${e(ref.build)}/${e(ref.stage)}/${e(ref.step)}`,
  );
