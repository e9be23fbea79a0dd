// Python's traceback: `Traceback (most recent call last):`, indented frames
// (`  File "app.py", line 3, in main`), then the exception (`ValueError: bad input`) on the first
// line that is not indented. The annotation sits on the exception's line, at the last frame.

export interface TracebackProblem {
  message: string;
  title: string;
  file?: string;
  line?: number;
}

const START = /^\s*Traceback \(most recent call last\):/;
const FRAME = /^\s+File "([^"]+)", line (\d+)/;
const EXCEPTION = /^([A-Za-z_][\w.]*)(?::\s*(.*))?$/;

/** Reads a log line by line, answering the exception a traceback ends with. */
export class TracebackReader {
  private inside = false;
  private frame: { file: string; line: number } | undefined;

  read(text: string): TracebackProblem | null {
    if (START.test(text)) {
      this.inside = true;
      this.frame = undefined;
      return null;
    }
    if (!this.inside) return null;
    const frame = FRAME.exec(text);
    if (frame) {
      this.frame = { file: frame[1]!, line: Number(frame[2]) };
      return null;
    }
    if (/^\s/.test(text) || text === '') return null;
    this.inside = false;
    const exception = EXCEPTION.exec(text.trim());
    if (!exception) return null;
    const problem: TracebackProblem = {
      title: exception[1]!,
      message: exception[2]?.trim() || exception[1]!,
    };
    if (this.frame) Object.assign(problem, this.frame);
    return problem;
  }
}
