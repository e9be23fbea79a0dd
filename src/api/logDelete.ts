import { request } from './client';
import { forgetStoredLog, type StepRef } from './logs';
import { repoPath } from './repos';
import { encodeSegment as e } from './urls';

// Apart from logs.ts, which the build page's first screen loads: only the build's actions menu
// offers this, and it loads after the first lines.

/** Deletes a finished step's stored log (repository admins; docs/drone-api.md 4.2). */
export async function deleteStepLog(ref: StepRef): Promise<void> {
  await request<void>(
    `${repoPath(ref)}/builds/${e(ref.build)}/logs/${e(ref.stage)}/${e(ref.step)}`,
    {
      method: 'DELETE',
    },
  );
  forgetStoredLog(ref);
}
