/** One log line as Drone stores and streams it (docs/drone-api.md 3.6). */
export interface Line {
  /** 0-based line index within the step. */
  pos: number;
  /** Raw text including its trailing newline. */
  out: string;
  /** Seconds since the step started. */
  time: number;
}
