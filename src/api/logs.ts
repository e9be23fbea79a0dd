import { encodeSegment as e, request, streamUrl } from './client';
import { repoPath, type RepoRef } from './repos';
import type { Line } from './types';

export interface StepRef extends RepoRef {
  build: number;
  stage: number;
  step: number;
}

/** A finished step's stored log; a step that printed nothing stores `null`. */
export async function fetchLogs(ref: StepRef): Promise<Line[]> {
  const lines = await request<Line[] | null>(
    `${repoPath(ref)}/builds/${e(ref.build)}/logs/${e(ref.stage)}/${e(ref.step)}`,
  );
  return lines ?? [];
}

export const logStreamUrl = (ref: StepRef) =>
  streamUrl(
    `/api/stream/${e(ref.namespace)}/${e(ref.name)}/${e(ref.build)}/${e(ref.stage)}/${e(ref.step)}`,
  );
