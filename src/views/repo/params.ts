/** docs/spec.md 2.1: namespace and name characters; build, stage and step are numeric. */
const SEGMENT = '[a-zA-Z0-9\\-_.~]+';
const NUMBER = '[0-9]+';

export interface RepoParams {
  namespace: string;
  name: string;
}

export interface BuildParams extends RepoParams {
  build: number;
  stage: number;
  step: number;
}

export const repoPattern = (suffix = '') =>
  new RegExp(`^/(?<namespace>${SEGMENT})/(?<name>${SEGMENT})${suffix}$`);

export const buildPattern = repoPattern(
  `/(?<build>${NUMBER})(?:/(?<stage>${NUMBER})(?:/(?<step>${NUMBER}))?)?`,
);

export const repoSettingsPattern = repoPattern('/settings(?<section>/[a-z-]+)?');

/** Stage and step default to 1 (docs/spec.md 2.1). */
export function toBuildParams(params: Record<string, string | undefined>): BuildParams {
  return {
    namespace: params.namespace ?? '',
    name: params.name ?? '',
    build: Number(params.build),
    stage: params.stage ? Number(params.stage) : 1,
    step: params.step ? Number(params.step) : 1,
  };
}
