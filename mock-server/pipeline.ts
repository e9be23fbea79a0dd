// What the engine runs: a pipeline definition per repository (the parsed .drone.yml the mock
// pretends to have fetched) and the branch heads of the simulated SCM. The fixtures implement
// PipelineCatalog; the engine only reads it.
import type { BuildRow, RepoRow } from './serialize';

/**
 * One entry of a step's log script:
 * - a string is one output line (without its trailing newline), printed after a short pause;
 * - `sleep` waits (a long compile, a test suite thinking);
 * - `burst` prints several lines at the same instant (a flood of output);
 * - `skip` numbers lines the runner dropped: the next line's `pos` is that much higher (Drone's
 *   runner keeps only a log's last 5 MB, so a stored log may start above pos 0).
 */
export type ScriptItem =
  string | { sleep: number } | { burst: readonly string[] } | { skip: number };

/** Iterated lazily, so a script can be very long without being materialised. */
export type Script = Iterable<ScriptItem>;

export interface StepDefinition {
  name: string;
  image: string;
  /** The log script; omitted for a step that prints nothing. */
  script?: () => Script;
  /** 0 by default; anything else fails the step. */
  exitCode?: number;
  /** The runner could not run the step (e.g. an image pull failure): status `error`, this text. */
  error?: string;
  depends_on?: string[];
  /** Run condition on the stage's state (Drone's `when: status`); 'success' by default. */
  when?: 'success' | 'failure' | 'always';
  /** `failure: ignore`: a failing exit code does not fail the stage. */
  errignore?: boolean;
  detached?: boolean;
  /** Minimum run time in ms at speed 1; the engine picks 2-8 s when omitted. */
  minDurationMs?: number;
  /** An adaptive card uploaded when the step finishes (sets Step.schema). */
  card?: { schema: string; data: unknown };
}

export interface StageDefinition {
  name: string;
  /** docker (default), kubernetes, exec, ssh... */
  type?: string;
  os?: string;
  arch?: string;
  variant?: string;
  /** `concurrency: limit`: stages of this name running at once in the repository. */
  limit?: number;
  /** `node` labels a runner must carry. */
  labels?: Record<string, string>;
  depends_on?: string[];
  /** Blocked until approved (a validator plugin's "block"); protected repos block every stage. */
  needsApproval?: boolean;
  /** Drone's trigger on status: run when the build so far passed / failed. */
  on_success?: boolean;
  on_failure?: boolean;
  steps: StepDefinition[];
}

/** A YAML or config error: the build is created as `error` with this text and no stages. */
export interface PipelineError {
  error: string;
}

export interface PipelineDefinition {
  stages: StageDefinition[];
}

export interface CommitAuthor {
  login: string;
  name: string;
  email: string;
  avatar: string;
}

export interface CommitInfo {
  sha: string;
  message: string;
  author: CommitAuthor;
  /** The branch the commit is the head of (a pull request's source branch). */
  branch?: string;
}

/** The build fields a pipeline may depend on (event, branch, params, deploy target...). */
export type PipelineBuild = Pick<
  BuildRow,
  | 'number'
  | 'event'
  | 'action'
  | 'ref'
  | 'source'
  | 'target'
  | 'after'
  | 'message'
  | 'params'
  | 'deploy_to'
  | 'cron'
  | 'debug'
  | 'trigger'
  | 'parent'
>;

export interface PipelineContext {
  repo: RepoRow;
  build: PipelineBuild;
}

export interface PipelineCatalog {
  /**
   * The pipeline for a build. Must be deterministic: the engine asks again when it resumes a
   * build after a restore. `null` means no pipeline matched (Drone answers `null`).
   */
  pipeline(context: PipelineContext): PipelineDefinition | PipelineError | null;
  /** The head commit of a branch in the simulated SCM. */
  head(slug: string, branch: string): CommitInfo;
  /** A known commit by sha (promotions and explicit `commit=` requests), if any. */
  commit(slug: string, sha: string): CommitInfo | undefined;
}

export function isPipelineError(
  value: PipelineDefinition | PipelineError | null,
): value is PipelineError {
  return value !== null && 'error' in value;
}
