import type { BuildView } from '../../machines/buildPage.machine';

type RepoRef = { namespace: string; name: string };

export const repoHref = ({ namespace, name }: RepoRef) => `/${namespace}/${name}`;

export const buildHref = (repo: RepoRef, build: number, stage?: number, step?: number) =>
  [repoHref(repo), build, stage, step].filter((part) => part !== undefined).join('/');

/** The view toggles keep the path and switch `?view=` (Log View has none). */
export function viewHref(path: string, view: BuildView): string {
  return view === 'log' ? path : `${path}?view=${view}`;
}

export function viewOf(search: string): BuildView {
  const view = new URLSearchParams(search).get('view');
  return view === 'graph' || view === 'card' ? view : 'log';
}
