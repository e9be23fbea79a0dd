import type { Build } from '../../api/types';
import { isFailedStep, isRedBuild } from '../../machines/buildPage/landing';

// The failure summary's height (FailureSummary.tsx), from the build alone: the log view keeps it
// from its first render, before the summary's code and the failed steps' logs arrive, so the
// step's first lines do not move down when the summary shows (issue 32). The summary scrolls
// within it. Pixels of its styles, measured at 1280 px: a wrapped line makes it scroll.

/** At most: the log stays in view below it. */
const MOST = '40vh';
/** Borders, padding and the heading's row. */
const FRAME = 2 + 24 + 26;
/** Between the heading, the banners and the list. */
const GAP = 8;
const LINE = 21;
/** An error banner without its text: padding, title and the text's margin. */
const BANNER = 41;
/** A failed step: its row and up to three error lines (ERROR_LINES_SHOWN in failureSummary.ts). */
const STEP = LINE + 4 + 3 * LINE;
const STEP_GAP = 12;

/** The CSS height of the summary's room; undefined for a build that is not red (no summary). */
export function summaryRoom(build: Build): string | undefined {
  if (!isRedBuild(build)) return undefined;
  const stages = build.stages ?? [];
  const errors = [build.error, ...stages.map((stage) => stage.error)].filter(
    (error): error is string => !!error,
  );
  const steps = stages.flatMap((stage) => stage.steps ?? []).filter(isFailedStep);
  let height = FRAME;
  for (const error of errors) height += GAP + BANNER + LINE * error.split('\n').length;
  for (const [index, step] of steps.entries()) {
    // A step's own error is a line of its own.
    height += (index ? STEP_GAP : GAP) + STEP + (step.error ? 4 + LINE : 0);
  }
  // Neither: a line saying how the build ended.
  if (!errors.length && !steps.length) height += GAP + LINE;
  return `min(${height}px, ${MOST})`;
}
