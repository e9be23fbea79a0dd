import type { AnyStateMachine } from 'xstate';
import { badgeMachine } from './badge.machine';
import { buildControlsMachine } from './buildControls.machine';
import { buildIndexMachine } from './buildIndex.machine';
import { buildPageMachine } from './buildPage.machine';
import { buildsMachine } from './builds.machine';
import { cardMachine, cardsMachine } from './cards.machine';
import { copyMachine } from './copy.machine';
import { deploymentMachine } from './deployment.machine';
import { graphViewMachine } from './graphView.machine';
import { newBuildMachine } from './newBuild.machine';
import { repoMachine } from './repo.machine';
import { repoEventsMachine } from './repoEvents.machine';
import { repoSettingsMachine } from './repoSettings.machine';
import { resourceListMachine } from './resourceList.machine';
import { sessionMachine } from './session.machine';
import { themeMachine } from './theme.machine';
import { tickerMachine } from './ticker.machine';
import { toastMachine, toastsMachine } from './toasts.machine';

export interface MachineEntry {
  id: string;
  machine: AnyStateMachine;
  /** What it owns, in DESIGN.md's words. */
  description: string;
}

/** Every machine of the console, for the machines page and `npm run machines:export`. */
export const machineRegistry: MachineEntry[] = [
  { id: 'session', machine: sessionMachine, description: 'Current user, anonymous vs signed in' },
  { id: 'toasts', machine: toastsMachine, description: 'At most 3 toasts, 3000 ms each' },
  { id: 'toast', machine: toastMachine, description: 'One toast: countdown, paused on hover' },
  { id: 'copy', machine: copyMachine, description: "'Copied' for 2000 ms after copying" },
  { id: 'ticker', machine: tickerMachine, description: 'One clock for live-ticking times' },
  {
    id: 'theme',
    machine: themeMachine,
    description: 'Light or dark: the system preference, or the remembered toggle',
  },
  {
    id: 'repoEvents',
    machine: repoEventsMachine,
    description: 'The /api/stream EventSource with reconnect and back-off',
  },
  {
    id: 'buildPage',
    machine: buildPageMachine,
    description: 'Build page: error / blocked / normal, approve/decline, live events and reload',
  },
  {
    id: 'buildControls',
    machine: buildControlsMachine,
    description: 'Cancel, Restart, Debug and the Promote dialog of a build',
  },
  {
    id: 'deployment',
    machine: deploymentMachine,
    description: "The 'Create deployment' form, parameter rules and submit",
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
    description: 'The New Build dialog: branch, commit, parameter rules and submit',
  },
  {
    id: 'repoSettings',
    machine: repoSettingsMachine,
    description: 'Repository activate, settings form with the auto-cancel rule, save, disable',
  },
  {
    id: 'resourceList',
    machine: resourceListMachine,
    description: 'Secrets, org secrets, cron, templates and users: list, create, edit, delete',
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
];
