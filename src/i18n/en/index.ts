// Every English text (docs/spec.md quotes them): the first screen's (./core.ts) and each other
// screen's. For types (the keys `t` accepts, the other languages' shape) and tests; views import the
// screen module they use, so a page carries only its own texts.
import { auth } from './auth';
import { account } from './account';
import { admin } from './admin';
import { dashboard } from './dashboard';
import { feed } from './feed';
import { devtools } from './devtools';
import { settings, settingsMessages } from './settings';
import { buildViews } from './buildViews';
import { core } from './core';
import { palette } from './palette';
import { repo } from './repo';

export const en = {
  common: core.common,
  status: core.status,
  ui: core.ui,
  messages: { ...core.messages, ...settingsMessages },
  language: core.language,
  shell: { ...core.shell, ...palette, search: { ...core.shell.search, ...palette.search } },
  auth,
  account,
  admin,
  dashboard,
  feed,
  repo: {
    ...core.repo,
    ...repo,
    tabs: { ...core.repo.tabs, ...repo.tabs },
    columns: { ...core.repo.columns, ...repo.columns },
  },
  devtools,
  build: { ...core.build, ...buildViews, graph: { ...core.build.graph, ...buildViews.graph } },
  settings,
};
