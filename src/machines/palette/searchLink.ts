// How the dashboard tells the search drawer's list is stale (after an account sync) without
// carrying the search machine (docs/issues.md issue 18): that machine's code loads with the drawer
// or the command palette, and until it has run there is no list to refresh.

let reloadList: () => void = () => undefined;

/** search.machine.ts, when it loads: how to reload the list, if its actor has loaded one. */
export function onSearchInvalidated(reload: () => void): void {
  reloadList = reload;
}

/** Asks for a fresh list, if search has loaded one (e.g. after an account sync). */
export function invalidateSearchRepos(): void {
  reloadList();
}
