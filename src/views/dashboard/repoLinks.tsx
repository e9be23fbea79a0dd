import type { Repository } from '../../api/types';
import { repoHref as repoPage } from '../buildPage/paths';

/** docs/spec.md 2.4: an active repository opens its builds; an inactive one opens its settings. */
export function repoHref(repo: Pick<Repository, 'namespace' | 'name' | 'active'>): string {
  const base = repoPage(repo);
  return repo.active ? base : `${base}/settings`;
}
