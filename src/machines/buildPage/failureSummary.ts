import type { Build, Stage, Step } from '../../api/types';
import type { LogLines } from '../../logs';
import { AnnotationScanner } from '../../logs/annotations/extract';
import { searchText } from '../../logs/escapes';
import { isErrorText } from '../../logs/firstError';
import { runInSlices, yieldToBrowser, type Schedule } from '../../logs/slices';
import { parseWorkflowCommand } from '../../logs/annotations/workflowCommands';
import { isFailedStep } from './landing';

// Issue 30 item 2: what the failure summary says of a red build, framework-free: its failed
// steps (in stage order, `failure: ignore` left out, as landing.ts decides), up to three error
// lines of each log, and what the runner dropped from a log's start.

/** Exit codes with a well-known meaning (128 + signal, the shell's, Drone's early exit). */
export const HINTED_EXIT_CODES = [137, 143, 127, 126, 78] as const;
export type HintedExitCode = (typeof HINTED_EXIT_CODES)[number];

export const exitHintOf = (code: number): HintedExitCode | undefined =>
  HINTED_EXIT_CODES.find((hinted) => hinted === code);

export const ERROR_LINES_SHOWN = 3;
/** A shown error line is cut here: the link leads to the whole line. */
const LINE_TEXT_LIMIT = 300;

export interface ErrorLine {
  /** Line index in the log. */
  index: number;
  /** Its number (pos + 1): what `#L` names. */
  number: number;
  text: string;
}

export interface LogDigest {
  errorLines: ErrorLine[];
  /** Lines dropped from the log's start by the runner (the first line's pos), 0 when none. */
  dropped: number;
}

export interface FailedStep {
  stage: Pick<Stage, 'number' | 'name'>;
  step: Pick<Step, 'number' | 'name' | 'status' | 'exit_code' | 'started' | 'stopped' | 'error'>;
}

/** Failed steps in stage order, each with its stage. */
export function failedSteps(build: Build): FailedStep[] {
  const found: FailedStep[] = [];
  for (const stage of build.stages ?? []) {
    for (const step of stage.steps ?? []) {
      if (isFailedStep(step)) found.push({ stage, step });
    }
  }
  return found;
}

/** A line as the log shows it: a workflow command by its message (its command text hidden). */
function shownLine(lines: LogLines, index: number): ErrorLine {
  const text = searchText(lines.outAt(index));
  const command = parseWorkflowCommand(text);
  return {
    index,
    number: lines.posAt(index) + 1,
    text: (command ? command.message : text).trim().slice(0, LINE_TEXT_LIMIT),
  };
}

/**
 * Up to three error lines of a log: its error annotations first (the lines compilers and test
 * runners point at), then lines that read as errors (logs/firstError.ts), in log order. Read in
 * slices, so a long log never holds the page.
 */
export function digestLog(
  lines: LogLines,
  schedule: Schedule = yieldToBrowser,
): Promise<LogDigest> {
  return new Promise((resolve) => {
    const scanner = new AnnotationScanner();
    runInSlices((shouldYield) => {
      do scanner.scan(lines, Math.min(lines.length, scanner.next + 1024));
      while (scanner.next < lines.length && !shouldYield());
      if (scanner.next < lines.length) return false;
      const chosen = new Set<number>();
      for (const annotation of scanner.annotations()) {
        if (chosen.size === ERROR_LINES_SHOWN) break;
        if (annotation.level === 'error') chosen.add(annotation.index);
      }
      // Then lines that read as errors, each text once (a failure a runner repeats is one).
      const texts = new Set([...chosen].map((index) => searchText(lines.outAt(index))));
      for (let index = 0; index < lines.length && chosen.size < ERROR_LINES_SHOWN; index++) {
        const text = searchText(lines.outAt(index));
        if (texts.has(text) || !isErrorText(text)) continue;
        chosen.add(index);
        texts.add(text);
      }
      resolve({
        errorLines: [...chosen].sort((a, b) => a - b).map((index) => shownLine(lines, index)),
        dropped: lines.length > 0 ? lines.posAt(0) : 0,
      });
      return true;
    }, schedule);
  });
}
