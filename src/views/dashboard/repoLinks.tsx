import type { Build, Repository } from '../../api/types';
import { repoHref as repoPage } from '../build/paths';
import { formatRelative, useNow } from '../ui';

/** docs/spec.md 2.4: an active repository opens its builds; an inactive one opens its settings. */
export function repoHref(repo: Pick<Repository, 'namespace' | 'name' | 'active'>): string {
  const base = repoPage(repo);
  return repo.active ? base : `${base}/settings`;
}

/** When the build was created, ticking with the shared clock. */
export function BuildTime({ build }: { build: Pick<Build, 'created'> }) {
  const now = useNow();
  if (!build.created) return null;
  return (
    <time dateTime={new Date(build.created * 1000).toISOString()}>
      {formatRelative(build.created, now)}
    </time>
  );
}
