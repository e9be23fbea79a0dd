import type { Repository, RepositoryPatch, Visibility } from '../../api/types';

// docs/spec.md 3 / 4.6: the general settings form of a repository and its rules, free of any machine.

/** The repository's settings fields (docs/spec.md 3), edited locally until 'Save Changes'. */
export interface RepoSettingsForm {
  ignore_pull_requests: boolean;
  ignore_forks: boolean;
  protected: boolean;
  trusted: boolean;
  auto_cancel_pull_requests: boolean;
  auto_cancel_pushes: boolean;
  /**
   * Absent when the server's repository has no such field: Drone before 2.x's latest versions
   * (v2.0.4, v1.10.1; docs/drone-api.md 3.2) does not keep it, so the form neither offers nor sends it.
   */
  auto_cancel_running?: boolean;
  visibility: Visibility;
  timeout: number;
  config_path: string;
}

export type BooleanSetting = {
  [K in keyof RepoSettingsForm]-?: NonNullable<RepoSettingsForm[K]> extends boolean ? K : never;
}[keyof RepoSettingsForm];

export function formOf(repo: Repository): RepoSettingsForm {
  return {
    ignore_pull_requests: repo.ignore_pull_requests ?? false,
    ignore_forks: repo.ignore_forks ?? false,
    protected: repo.protected ?? false,
    trusted: repo.trusted ?? false,
    auto_cancel_pull_requests: repo.auto_cancel_pull_requests ?? false,
    auto_cancel_pushes: repo.auto_cancel_pushes ?? false,
    ...(repo.auto_cancel_running === undefined
      ? {}
      : { auto_cancel_running: repo.auto_cancel_running }),
    visibility: repo.visibility ?? 'private',
    timeout: repo.timeout ?? 60,
    config_path: repo.config_path ?? '',
  };
}

/** 'Auto cancel running' may change only while pull requests or pushes auto-cancel (docs/spec.md 4.6). */
export function canChangeAutoCancelRunning(form: RepoSettingsForm): boolean {
  return form.auto_cancel_pull_requests || form.auto_cancel_pushes;
}

/**
 * Applies one switch change with docs/spec.md 4.6's rule: auto cancel running is locked while both
 * other auto-cancel switches are off, and turning the last of them off turns it off too.
 */
export function applyToggle(
  form: RepoSettingsForm,
  field: BooleanSetting,
  value: boolean,
): RepoSettingsForm {
  if (field === 'auto_cancel_running' && !canChangeAutoCancelRunning(form)) return form;
  const next = { ...form, [field]: value };
  if (!canChangeAutoCancelRunning(next) && next.auto_cancel_running !== undefined) {
    next.auto_cancel_running = false;
  }
  return next;
}

/** PATCH body: the whole settings object, timeout as a number (docs/spec.md 7.2). */
export function patchOf(form: RepoSettingsForm): RepositoryPatch {
  return { ...form, timeout: Number(form.timeout) };
}
