import { factory, primaryKey } from '@mswjs/data';

// The mock Drone server's database. Field names follow docs/drone-api.md 3; the columns Drone
// never serializes (token hash, secret data, org membership) live here too, and the handlers'
// serializers decide what goes on the wire. Maps are stored as JSON strings (params), and a log
// is stored as the exact bytes Drone keeps: the JSON array the runner uploaded, or 'null'.

let nextId = 1;
/** Monotonic ids shared by every model; reset with the database. */
export const newId = () => nextId++;
export const resetIds = (start = 1) => {
  nextId = start;
};

export const db = factory({
  user: {
    id: primaryKey(Number),
    login: String,
    email: String,
    machine: Boolean,
    admin: Boolean,
    active: Boolean,
    avatar: String,
    syncing: Boolean,
    synced: Number,
    created: Number,
    updated: Number,
    last_login: Number,
    /** The API token (Drone's user_hash); never serialized except in token responses. */
    token: String,
    /** Password for the mock sign-in form (the real server delegates to the SCM). */
    password: String,
  },
  /** SCM organization membership, used by CheckMembership (org secrets, templates). */
  membership: {
    id: primaryKey(Number),
    user_id: Number,
    namespace: String,
    admin: Boolean,
  },
  repo: {
    id: primaryKey(Number),
    uid: String,
    user_id: Number,
    namespace: String,
    name: String,
    slug: String,
    scm: String,
    git_http_url: String,
    git_ssh_url: String,
    link: String,
    default_branch: String,
    private: Boolean,
    visibility: String,
    active: Boolean,
    config_path: String,
    trusted: Boolean,
    protected: Boolean,
    ignore_forks: Boolean,
    ignore_pull_requests: Boolean,
    auto_cancel_pull_requests: Boolean,
    auto_cancel_pushes: Boolean,
    auto_cancel_running: Boolean,
    timeout: Number,
    throttle: Number,
    counter: Number,
    synced: Number,
    created: Number,
    updated: Number,
    version: Number,
  },
  perm: {
    id: primaryKey(Number),
    user_id: Number,
    repo_id: Number,
    read: Boolean,
    write: Boolean,
    admin: Boolean,
    synced: Number,
    created: Number,
    updated: Number,
  },
  build: {
    id: primaryKey(Number),
    repo_id: Number,
    trigger: String,
    number: Number,
    parent: Number,
    status: String,
    error: String,
    event: String,
    action: String,
    link: String,
    timestamp: Number,
    title: String,
    message: String,
    before: String,
    after: String,
    ref: String,
    source_repo: String,
    source: String,
    target: String,
    author_login: String,
    author_name: String,
    author_email: String,
    author_avatar: String,
    sender: String,
    /** JSON object of string values; '{}' when empty. */
    params: String,
    cron: String,
    deploy_to: String,
    deploy_id: Number,
    debug: Boolean,
    started: Number,
    finished: Number,
    created: Number,
    updated: Number,
    version: Number,
  },
  stage: {
    id: primaryKey(Number),
    repo_id: Number,
    build_id: Number,
    number: Number,
    name: String,
    kind: String,
    type: String,
    status: String,
    error: String,
    errignore: Boolean,
    exit_code: Number,
    machine: String,
    os: String,
    arch: String,
    variant: String,
    kernel: String,
    limit: Number,
    throttle: Number,
    started: Number,
    stopped: Number,
    created: Number,
    updated: Number,
    version: Number,
    on_success: Boolean,
    on_failure: Boolean,
    depends_on: () => [] as string[],
    /** Drone's map[string]string as JSON text ('' when none): the runner must carry the same. */
    labels: String,
  },
  step: {
    id: primaryKey(Number),
    /** The parent stage id (Drone's step_id). */
    step_id: Number,
    number: Number,
    name: String,
    status: String,
    error: String,
    errignore: Boolean,
    exit_code: Number,
    started: Number,
    stopped: Number,
    version: Number,
    depends_on: () => [] as string[],
    image: String,
    detached: Boolean,
    schema: String,
  },
  /** A finished step's stored log: id is the step id, data the stored bytes ('null' when empty). */
  log: {
    id: primaryKey(Number),
    data: String,
  },
  /** Card data of a step: id is the step id, data the stored JSON bytes. */
  card: {
    id: primaryKey(Number),
    data: String,
  },
  cron: {
    id: primaryKey(Number),
    repo_id: Number,
    name: String,
    expr: String,
    next: Number,
    prev: Number,
    event: String,
    branch: String,
    target: String,
    disabled: Boolean,
    created: Number,
    updated: Number,
    version: Number,
  },
  /** Repository secrets have repo_id; organization secrets have namespace and repo_id 0. */
  secret: {
    id: primaryKey(Number),
    repo_id: Number,
    namespace: String,
    name: String,
    type: String,
    data: String,
    pull_request: Boolean,
    pull_request_push: Boolean,
  },
  template: {
    id: primaryKey(Number),
    name: String,
    namespace: String,
    data: String,
    created: Number,
    updated: Number,
  },
  /**
   * An entry removed from the `latest` index (DELETE .../builds/branches/*, pulls/{pull},
   * deployments/*): builds up to `build_id` no longer list `name` under `kind`.
   */
  dropped_index: {
    id: primaryKey(Number),
    repo_id: Number,
    kind: String,
    name: String,
    build_id: Number,
  },
});

export type Db = typeof db;
export type ModelName = keyof Db;

/** Empties every table and restarts ids. */
export function resetDb(): void {
  for (const model of Object.values(db)) model.deleteMany({ where: {} });
  resetIds();
}
