// Wire types of the Drone API, following docs/drone-api.md 3.
// `?` marks omitempty keys (absent when zero) and fields only the latest server sends.

export type Status =
  | 'skipped'
  | 'blocked'
  | 'declined'
  | 'waiting_on_dependencies'
  | 'pending'
  | 'running'
  | 'success'
  | 'failure'
  | 'killed'
  | 'error';

/** 'inactive' is the console's status for a repository with no build (docs/spec.md 4.1). */
export type DisplayStatus = Status | 'inactive';

export type BuildEvent =
  'push' | 'pull_request' | 'tag' | 'promote' | 'rollback' | 'cron' | 'custom';

export type Visibility = 'public' | 'private' | 'internal';

export interface User {
  id: number;
  login: string;
  email: string;
  machine: boolean;
  admin: boolean;
  active: boolean;
  avatar: string;
  syncing: boolean;
  synced: number;
  created: number;
  updated: number;
  last_login: number;
}

export interface UserWithToken extends User {
  token: string;
}

export interface Perm {
  read: boolean;
  write: boolean;
  admin: boolean;
}

export interface Repository {
  id: number;
  uid: string;
  user_id: number;
  namespace: string;
  name: string;
  slug: string;
  scm: string;
  git_http_url: string;
  git_ssh_url: string;
  link: string;
  default_branch: string;
  private: boolean;
  visibility: Visibility;
  active: boolean;
  config_path: string;
  trusted: boolean;
  protected: boolean;
  ignore_forks: boolean;
  ignore_pull_requests: boolean;
  auto_cancel_pull_requests: boolean;
  auto_cancel_pushes: boolean;
  /** [latest only] */
  auto_cancel_running?: boolean;
  timeout: number;
  throttle?: number;
  counter: number;
  synced: number;
  created: number;
  updated: number;
  version: number;
  build?: Build;
  permissions?: Perm;
  /** [latest only] */
  archived?: boolean;
}

export interface Build {
  id: number;
  repo_id: number;
  trigger: string;
  number: number;
  parent?: number;
  status: Status;
  error?: string;
  event: BuildEvent | string;
  action: string;
  link: string;
  timestamp: number;
  title?: string;
  message: string;
  before: string;
  after: string;
  ref: string;
  source_repo: string;
  source: string;
  target: string;
  author_login: string;
  author_name: string;
  author_email: string;
  author_avatar: string;
  sender: string;
  params?: Record<string, string>;
  cron?: string;
  deploy_to?: string;
  deploy_id?: number;
  debug?: boolean;
  started: number;
  finished: number;
  created: number;
  updated: number;
  version: number;
  stages?: Stage[];
}

export interface Stage {
  id: number;
  repo_id: number;
  build_id: number;
  number: number;
  name: string;
  kind?: string;
  type?: string;
  status: Status;
  error?: string;
  errignore: boolean;
  exit_code: number;
  machine?: string;
  os: string;
  arch: string;
  variant?: string;
  kernel?: string;
  limit?: number;
  throttle?: number;
  started: number;
  stopped: number;
  created: number;
  updated: number;
  version: number;
  on_success: boolean;
  on_failure: boolean;
  depends_on?: string[];
  labels?: Record<string, string>;
  steps?: Step[];
}

export interface Step {
  id: number;
  /** The parent STAGE id (a typo Drone keeps on purpose). */
  step_id: number;
  number: number;
  name: string;
  status: Status;
  error?: string;
  errignore?: boolean;
  exit_code: number;
  started?: number;
  stopped?: number;
  version: number;
  depends_on?: string[];
  image?: string;
  detached?: boolean;
  /** [latest only] URL of the adaptive-card template. */
  schema?: string;
}

// A log line (docs/drone-api.md 3.6) is the log pipeline's own type: src/logs imports nothing above it.
export type { Line } from '../logs/line';

export interface Secret {
  id?: number;
  repo_id?: number;
  namespace?: string;
  name?: string;
  type?: string;
  data?: string;
  pull_request?: boolean;
  pull_request_push?: boolean;
}

export interface Cron {
  id: number;
  repo_id: number;
  name: string;
  expr: string;
  next: number;
  prev: number;
  event: string;
  branch: string;
  target?: string;
  disabled: boolean;
  created: number;
  updated: number;
  version: number;
}

export interface Template {
  id?: number;
  name?: string;
  namespace?: string;
  data?: string;
  created?: number;
  updated?: number;
}

export interface CardInput {
  schema: string;
  data: unknown;
}

export interface RepositoryPatch {
  visibility?: Visibility;
  config_path?: string;
  protected?: boolean;
  ignore_forks?: boolean;
  ignore_pull_requests?: boolean;
  auto_cancel_pull_requests?: boolean;
  auto_cancel_pushes?: boolean;
  auto_cancel_running?: boolean;
  trusted?: boolean;
  timeout?: number;
  throttle?: number;
  counter?: number;
}

export interface UserCreate {
  login: string;
  email?: string;
  admin?: boolean;
  machine?: boolean;
  token?: string;
}

export interface UserAdminPatch {
  admin?: boolean;
  active?: boolean;
}

export interface SecretCreate {
  name: string;
  data: string;
  pull_request?: boolean;
  pull_request_push?: boolean;
}

/** docs/drone-api.md 3.7: what a PATCH may change; an absent key keeps its value. */
export interface SecretUpdate {
  data?: string;
  pull_request?: boolean;
  pull_request_push?: boolean;
}

/** docs/drone-api.md 3.8: what a PATCH may change (not the name nor the expression). */
export interface CronUpdate {
  branch?: string;
  target?: string;
  disabled?: boolean;
}

export interface CronCreate {
  name: string;
  expr: string;
  branch: string;
}

export interface TemplateCreate {
  name: string;
  data: string;
}

export interface RegistrationPatch {
  name: string;
  email: string;
  company?: string;
}

export interface ApiErrorBody {
  message: string;
}

export const STATUSES_NOT_DONE: readonly Status[] = [
  'blocked',
  'waiting_on_dependencies',
  'pending',
  'running',
];

export function isDone(status: Status): boolean {
  return !STATUSES_NOT_DONE.includes(status);
}

/** Step `step` of stage `stage` (their numbers), if the build has it. */
export function stepOf(
  build: { stages?: Stage[] } | null | undefined,
  stage: number,
  step: number,
): Step | undefined {
  return build?.stages
    ?.find((candidate) => candidate.number === stage)
    ?.steps?.find((candidate) => candidate.number === step);
}

/**
 * Whether the server holds a stored log for a step: docs/drone-api.md 6, one is written when a
 * step ends, never for a running, pending or skipped one.
 */
export function hasStoredLog(step: { status: Status } | undefined): boolean {
  return /^(success|failure|killed)$/.test(step?.status ?? '');
}
