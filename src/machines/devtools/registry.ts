import type { AnyStateMachine } from 'xstate';
import { accountMachine } from '../account/account.machine';
import { accountSyncMachine } from '../dashboard/accountSync.machine';
import { badgeMachine } from '../settings/badge.machine';
import { buildCompareMachine } from '../buildPage/buildCompare.machine';
// deleteLog, cronRun and queuePage come through the modules whose chunks they share.
import { buildControlsMachine, deleteLogMachine } from '../buildPage/buildControls.machine';
import { buildIndexMachine } from '../repo/buildIndex.machine';
import { consoleKeysMachine } from '../console/consoleKeys.machine';
import { buildLogsMachine } from '../buildPage/buildLogs.machine';
import { buildPageMachine } from '../buildPage/buildPage.machine';
import { buildHistoryMachine } from '../insights/buildHistory.machine';
import { repoHealthMachine } from '../insights/repoHealth.machine';
import { buildsMachine } from '../repo/builds.machine';
import { buildsFeedMachine } from '../feed/buildsFeed.machine';
import { cardMachine, cardsMachine } from '../buildPage/cards.machine';
import { consoleMachine } from '../console/console.machine';
import { annotationsMachine } from '../console/annotations.machine';
import { failureSummaryMachine } from '../buildPage/failureSummary.machine';
import { problemMatchersMachine } from '../settings/problemMatchers.machine';
import { copyMachine } from '../shell/copy.machine';
import { dashboardMachine } from '../dashboard/dashboard.machine';
import { deploymentMachine } from '../buildPage/deployment.machine';
import { graphViewMachine } from '../buildPage/graphView.machine';
import { logSearchMachine } from '../console/logSearch.machine';
import { testResultsMachine } from '../console/testResults.machine';
import { logStreamMachine } from '../console/logStream.machine';
import { logDiffMachine } from '../logDiff/logDiff.machine';
import { logViewerMachine } from '../console/logViewer.machine';
import { languageMachine } from '../shell/language.machine';
import { loginMachine } from '../auth/login.machine';
import { loginRedirectMachine } from '../auth/loginRedirect.machine';
import { logoutMachine } from '../auth/logout.machine';
import { machineChartMachine } from './machineChart.machine';
import { machinesPageMachine } from './machinesPage.machine';
import { statelyInspectorMachine } from './statelyInspector.machine';
import { newBuildMachine } from '../repo/newBuild.machine';
import { registerMachine } from '../auth/register.machine';
import { repoMachine } from '../repo/repo.machine';
import { repoEventsMachine } from '../repo/repoEvents.machine';
import { repoSettingsMachine } from '../settings/repoSettings.machine';
import {
  cronRunMachine,
  queuePageMachine,
  resourceListMachine,
} from '../settings/resourceList.machine';
import { menuMachine } from '../shell/menu.machine';
import { notificationsMachine } from '../notifications/notifications.machine';
import { paletteMachine } from '../palette/palette.machine';
import { paletteKeysMachine } from '../palette/paletteKeys.machine';
import { searchMachine } from '../palette/search.machine';
import { sessionMachine } from '../shell/session.machine';
import { themeMachine } from '../shell/theme.machine';
import { tickerMachine } from '../shell/ticker.machine';
import { toastMachine, toastsMachine } from '../shell/toasts.machine';

export interface MachineEntry {
  id: string;
  machine: AnyStateMachine;
  /** What it owns, in docs/architecture.md's words. */
  description: string;
}

/** Every machine of the console, for the machines page and `npm run machines:export`. */
export const machineRegistry: MachineEntry[] = [
  {
    id: 'session',
    machine: sessionMachine,
    description: 'Current user load, anonymous vs signed in, role checks used by routes',
  },
  { id: 'toasts', machine: toastsMachine, description: 'At most 3, 3000 ms each, paused on hover' },
  { id: 'toast', machine: toastMachine, description: 'One toast: countdown, paused on hover' },
  { id: 'copy', machine: copyMachine, description: "'Copied' / 'Copied!' for 2000 ms" },
  {
    id: 'menu',
    machine: menuMachine,
    description: 'A menu button: open or closed, the focused item (arrows, Home, End, Escape)',
  },
  { id: 'ticker', machine: tickerMachine, description: 'One clock for live-ticking times' },
  {
    id: 'deleteLog',
    machine: deleteLogMachine,
    description:
      "A step's stored log deleted by a repository or system admin, after a confirmation",
  },
  {
    id: 'cronRun',
    machine: cronRunMachine,
    description: 'A cron job run now, one at a time: the build it started, or that none ran',
  },
  {
    id: 'queuePage',
    machine: queuePageMachine,
    description:
      "The administrators' queue: waits ticking, reads on events and every 30 s, pause and resume after a confirm, a notice on a server without the queue API",
  },
  {
    id: 'theme',
    machine: themeMachine,
    description: 'Light or dark: the system preference, or the remembered toggle',
  },
  {
    id: 'notifications',
    machine: notificationsMachine,
    description:
      'Opt-in build notifications: permission asked on turning on, finished open or started builds',
  },
  {
    id: 'language',
    machine: languageMachine,
    description: "English or Chinese: the browser's preference, or the remembered pick",
  },
  {
    id: 'repoEvents',
    machine: repoEventsMachine,
    description:
      'The /api/stream event stream: open, reconnect with back-off, refetch after reconnect',
  },
  {
    id: 'buildPage',
    machine: buildPageMachine,
    description: 'Error / blocked / normal, controls, approve/decline, reload',
  },
  {
    id: 'buildLogs',
    machine: buildLogsMachine,
    description: "A finished build's logs, every step in order under a header, as one file",
  },
  {
    id: 'buildControls',
    machine: buildControlsMachine,
    description: 'Cancel, Restart, Debug and the Promote dialog of a build',
  },
  {
    id: 'failureSummary',
    machine: failureSummaryMachine,
    description:
      "A red build's failure summary: its failed steps' logs read, digested to error lines",
  },
  {
    id: 'annotations',
    machine: annotationsMachine,
    description: "A finished step's annotations, read in slices; e / E go to the next / previous",
  },
  {
    id: 'problemMatchers',
    machine: problemMatchersMachine,
    description: "A repository's problem matchers (GitHub JSON), checked and kept in this browser",
  },
  {
    id: 'buildCompare',
    machine: buildCompareMachine,
    description:
      'Compare view: page the build list for the previous build of the branch, then load it',
  },
  {
    id: 'logDiff',
    machine: logDiffMachine,
    description: "A failed step's log against the same step in the last green build of its branch",
  },
  {
    id: 'deployment',
    machine: deploymentMachine,
    description: "The 'Create deployment' dialog's form, parameter add rules, submit",
  },
  {
    id: 'repo',
    machine: repoMachine,
    description: 'The repository behind the repository pages: lookup, not-found, live events',
  },
  {
    id: 'builds',
    machine: buildsMachine,
    description: 'Executions list: pages of 50, live updates, refetch after reconnect',
  },
  {
    id: 'buildIndex',
    machine: buildIndexMachine,
    description: 'Branches and Deployments tabs: latest build per branch or environment',
  },
  {
    id: 'newBuild',
    machine: newBuildMachine,
    description: "The New Build dialog's form, parameter add rules, submit",
  },
  {
    id: 'repoSettings',
    machine: repoSettingsMachine,
    description: 'Activate, save, disable-with-confirm, the auto-cancel rule',
  },
  {
    id: 'resourceList',
    machine: resourceListMachine,
    description:
      'Generic list + create and edit modals (submit only when the screen accepts the form) + delete-with-confirm + toasts; an edit that changed the server before failing reloads the list. Used by secrets, org secrets, cron, templates and users',
  },
  { id: 'badge', machine: badgeMachine, description: 'Badge syntax and branch, and the snippet' },
  {
    id: 'graphView',
    machine: graphViewMachine,
    description: 'Graph view: zoom per graph, fit and reset, the 190px split, the step drawer',
  },
  {
    id: 'cards',
    machine: cardsMachine,
    description: 'Card view: renderer on demand, the list of steps with a card, one child each',
  },
  {
    id: 'card',
    machine: cardMachine,
    description: 'One adaptive card: its data, then its template',
  },
  // Shell and account
  {
    id: 'login',
    machine: loginMachine,
    description: 'The sign-in form: submit, then go where the server redirects',
  },
  {
    id: 'loginRedirect',
    machine: loginRedirectMachine,
    description: "'Redirecting to {provider} Auth...', then the provider sign-in",
  },
  {
    id: 'logout',
    machine: logoutMachine,
    description: 'Sign out: clear the session cookie, or keep the user and say why',
  },
  {
    id: 'register',
    machine: registerMachine,
    description: 'Complete the registration, then go home',
  },
  {
    id: 'account',
    machine: accountMachine,
    description: 'The personal token and its API and command-line snippets',
  },
  {
    id: 'accountSync',
    machine: accountSyncMachine,
    description: 'Sync button, polling /api/user every 10000 ms while syncing, error toast',
  },
  // Dashboard, search and feed
  {
    id: 'dashboard',
    machine: dashboardMachine,
    description: 'Filters, sort, org, show-more, local preferences',
  },
  {
    id: 'search',
    machine: searchMachine,
    description: 'Query trimming and matching, drawer open/close with 200 ms slide-out',
  },
  {
    id: 'palette',
    machine: paletteMachine,
    description: "Command palette (Ctrl+K, '/') and shortcuts help ('?'): repos, builds, commands",
  },
  {
    id: 'paletteKeys',
    machine: paletteKeysMachine,
    description:
      "The palette's keys before its code: the first loads it, the rest wait, handed over in order",
  },
  {
    id: 'buildsFeed',
    machine: buildsFeedMachine,
    description: "The 25 newest builds, live, and the administrator's running builds",
  },
  // Logs
  {
    id: 'console',
    machine: consoleMachine,
    description: 'One step: loading, stream_on, resolved, no_logs_available, error, idle',
  },
  {
    id: 'logStream',
    machine: logStreamMachine,
    description:
      "One step's live log stream (fetch): frame batching, eof, reconnect, de-duplication by pos",
  },
  {
    id: 'logViewer',
    machine: logViewerMachine,
    description:
      'How a step log is read: groups and folds, wrap and timestamps, #L permalinks, scroll requests',
  },
  {
    id: 'consoleKeys',
    machine: consoleKeysMachine,
    description: "The build page's keys: j/k steps, f follow, t timestamps, g g / G top and bottom",
  },
  {
    id: 'logSearch',
    machine: logSearchMachine,
    description: "Whole-log search in time slices: plain, regex, case, 'n of m', next and previous",
  },
  // Insights across builds (issue 31)
  {
    id: 'buildHistory',
    machine: buildHistoryMachine,
    description:
      "A repository's latest finished builds with their steps, for one query; details kept in IndexedDB; live",
  },
  {
    id: 'repoHealth',
    machine: repoHealthMachine,
    description:
      "The user's active repositories by failure rate or p95 duration, red default branches",
  },
  {
    id: 'testResults',
    machine: testResultsMachine,
    description:
      "A step's test results read from its log in a worker and its card; new or already failing",
  },
  // This page
  {
    id: 'machinesPage',
    machine: machinesPageMachine,
    description: 'This page: the chart drawn, the state inspected, live actors of other tabs',
  },
  {
    id: 'machineChart',
    machine: machineChartMachine,
    description: "This page's chart: folded states, the layout for the width, zoom and pan",
  },
  {
    id: 'statelyInspector',
    machine: statelyInspectorMachine,
    description:
      "This tab's actors in Stately's inspector: its window opened, attached once it answers, or why not",
  },
];
