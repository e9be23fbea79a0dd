import { addEnglish } from '../index';

// English texts of the devtools screens, added when a view that uses them loads (./core.ts).

export const devtools = {
  title: 'Machines',
  chartSection: 'Chart',
  summary: ': {{description}} ({{states}}, {{transitions}})',
  states_one: '{{count}} state',
  states_other: '{{count}} states',
  transitions_one: '{{count}} transition',
  transitions_other: '{{count}} transitions',
  drawEventless_one: 'Draw the {{count}} eventless (always) transition',
  drawEventless_other: 'Draw the {{count}} eventless (always) transitions',
  state: 'State',
  chooseState:
    'Choose a state on the chart or in the list below it to see its actions, actors and transitions.',
  statesOf: 'States of {{id}}',
  separator: ', ',
  marks: {
    list: '({{marks}})',
    machine: 'machine',
    initial: 'initial',
    final: 'final',
    parallel: 'parallel',
    history: 'history',
    current: 'current',
  },
  kinds: {
    atomic: 'atomic',
    compound: 'compound',
    parallel: 'parallel',
    final: 'final',
    history: 'history',
  },
  details: {
    state: 'State',
    kind: 'Kind',
    entry: 'Entry actions',
    exit: 'Exit actions',
    invoke: 'Invoked actors',
    transitions: 'Transitions',
    none: 'none',
    stays: '{{event}} (stays)',
  },
  chart: {
    label: 'State chart of {{id}}',
    view: 'Chart view',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    fit: 'Fit',
    panLeft: 'Pan left',
    panRight: 'Pan right',
    panUp: 'Pan up',
    panDown: 'Pan down',
    nested: 'Nested states',
    nestedLabel: 'Nested states:',
    legend:
      '▸ initial state (blue border) · ◉ final state (thick border) · boxes group the children of a compound or parallel state; [+] and a dashed border: a folded one (double-click or the buttons above fold and unfold) · dashed lines: eventless (always) transitions · green: the current state of the actor you follow · drag to pan, Ctrl or ⌘ + scroll to zoom (plain scrolling scrolls the page).',
  },
  live: {
    title: 'Live inspection',
    report: 'Report running actors',
    hint: 'With this on, use the console in another tab of this browser: its running actors are listed here; follow one to see its current state on the chart.',
    actors: 'Running actors',
    actor: 'Actor {{id}}',
    none: 'No running actors reported yet.',
  },
  allMachines: 'All machines',
  appActors: {
    title: 'App-wide actors',
    scope: {
      app: 'whole visit',
      user: 'until sign-out',
    },
    runningHere: ' · running in this tab',
  },
  export: {
    download: 'Export for Stately Studio ({{file}})',
    copy: 'Copy the code',
  },
  simulate: {
    start: 'Simulate',
    title: 'Simulation',
    state: 'State: {{state}}',
    done: ' (final)',
    events: 'Events this state takes',
    noEvents: 'This state takes no event.',
    sent: 'Events sent:',
    reset: 'Start again',
    stop: 'Stop simulating',
  },
  stately: {
    title: "Stately's inspector",
    open: "Open Stately's inspector",
    connecting: "Opening Stately's inspector…",
    retry: "Try Stately's inspector again",
    attached: "Attached: this tab's actors show in Stately's inspector.",
    failed: {
      blocked:
        "The browser blocked the inspector's window. Allow pop-ups for this site, then try again.",
      noAnswer:
        "Stately's inspector did not open: {{url}} did not answer within 15 seconds (no network, or the site is blocked). Nothing was sent.",
      closed: "The inspector's window was closed: this tab's actors are no longer sent.",
      loadFailed: "The inspector's code could not be loaded ({{message}}). Nothing was sent.",
    },
    hint: "Sends every event and state of this tab's machines to Stately's inspector, a page of another site ({{url}}) opened in a new window. Tokens, passwords and secret values are replaced by [redacted] before they leave this page.",
    otherTabs: 'A console tab connects its own actors: add ?inspect=stately to its address, or',
    otherTabsLink: 'open the console with it',
  },
};

addEnglish({ devtools });
