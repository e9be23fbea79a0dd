// Which chunk carries each English text (issue 18): the first screen's texts (the shell's and
// the build page's log view) are in memory from boot, every other screen's come with its code
// (src/i18n/en/<screen>.ts, imported by the views that read them). A key's screen is the one that
// names it (a group ends in '.'), the longest name winning; a key no screen names is the first
// screen's.

export const FIRST_SCREEN = 'core';

export const SCREEN_PREFIXES: Readonly<Record<string, readonly string[]>> = {
  account: ['account.', 'language.'],
  admin: ['admin.'],
  auth: ['auth.'],
  dashboard: ['dashboard.'],
  devtools: ['devtools.'],
  feed: ['feed.'],
  insights: ['insights.'],
  settings: ['settings.'],
  palette: ['shell.palette.', 'shell.shortcuts.', 'shell.notifications.', 'shell.search.'],
  buildViews: [
    'build.compare.',
    'build.deploy.',
    'build.cards.',
    'build.graph.',
    // The graph's step drawer; the log view shows only the runner.
    'build.facts.duration',
    'build.facts.exitCode',
    'build.facts.finished',
    'build.facts.started',
  ],
  repo: ['repo.'],
  // Parts of the first screen that load after it (views/ui/OnDemand).
  buildControls: ['build.actions.'],
  downloads: ['build.downloadAll.'],
  logSearch: ['build.search.'],
  logDiff: ['build.logDiff.'],
  triage: ['build.triage.'],
  tests: ['build.tests.'],
  banners: ['shell.license.', 'common.learnMore'],
  // The words of the lists and forms that edit (settings, users).
  editing: ['common.copiedExclaimed', 'common.delete', 'common.edit', 'common.save'],
  // The long lists' (builds, repositories).
  lists: ['common.showMore'],
  // What the first screen shows of groups whose other texts load later.
  [FIRST_SCREEN]: [
    'shell.search.open',
    'build.graph.loadingView',
    'repo.tabs.builds',
    'repo.columns.commit',
    'repo.activity.',
    'build.actions.menu',
    'build.downloadAll.label',
    'auth.redirect.text',
  ],
};

/** The chunk a text's English is in. */
export function screenOf(key: string): string {
  let best = FIRST_SCREEN;
  let length = 0;
  for (const [screen, prefixes] of Object.entries(SCREEN_PREFIXES)) {
    for (const prefix of prefixes) {
      const names = prefix.endsWith('.') ? key.startsWith(prefix) : key === prefix;
      if (names && prefix.length > length) [best, length] = [screen, prefix.length];
    }
  }
  return best;
}
