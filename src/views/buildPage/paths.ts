import { pagePath } from '../../api/urls';
import type { BuildView } from '../../machines/buildPage/buildPage.machine';

type RepoRef = { namespace: string; name: string };

export const repoHref = ({ namespace, name }: RepoRef) => pagePath(namespace, name);

export const buildHref = (repo: RepoRef, build: number, stage?: number, step?: number) =>
  pagePath(...[repo.namespace, repo.name, build, stage, step].filter((part) => part !== undefined));

/** The view toggles keep the path and switch `?view=` (Log View has none). */
export function viewHref(path: string, view: BuildView): string {
  return view === 'log' ? path : `${path}?view=${view}`;
}

export function viewOf(query: URLSearchParams): BuildView {
  const view = query.get('view');
  return view === 'graph' || view === 'card' || view === 'compare' ? view : 'log';
}
