import { addEnglish } from '../index';

// English texts of the repository page (builds list, filters, chart, summary, the New Build
// dialog, whose parameter texts the Promote dialog shares), added when a view that uses them loads
// (./core.ts keeps the activity texts, a tab's and a column's name the build page shows too).

export const repo = {
  tabs: {
    label: 'Repository',
    branches: 'Branches',
    deployments: 'Deployments',
    settings: 'Settings',
  },
  columns: {
    status: 'Status',
    branch: 'Branch',
    build: 'Build',
    message: 'Message',
    updated: 'Updated',
    environment: 'Environment',
    committer: 'Committer',
  },
  newBuild: {
    title: 'New Build',
    branch: 'Branch',
    branchHint: 'Leave empty to build the default branch.',
    commit: 'Commit',
    commitHint: 'Leave empty to build the head of the branch.',
    parameters: 'Parameters',
    paramKeyAt: 'Parameter {{index}} key',
    paramValueAt: 'Parameter {{index}} value',
    removeParam: 'Remove parameter {{key}}',
    remove: 'Remove',
    paramKey: 'Parameter key',
    paramValue: 'Parameter value',
    key: 'key',
    value: 'value',
    add: 'Add',
    creating: 'Creating...',
    create: 'Create',
  },
  settingsTitle: 'Settings - {{slug}}',
  emptyBuilds: 'Your Build List is Empty.',
  loadMore: 'Load more builds',
  executions: 'Executions',
  buildNumber: 'Build #{{number}}',
  branches: 'Branches',
  deployments: 'Deployments',
  empty: {
    branches: {
      title: 'Your Branch List is Empty.',
      text: 'This list will be populated when you execute a pipeline for an open branch.',
    },
    deployments: {
      title: 'Your Deployment List is Empty.',
      text: 'This list will be populated when you promote or rollback a build.',
    },
  },
  ranOut: {
    noneLoaded_one: 'None of the {{count}} build loaded match these filters.',
    noneLoaded_other: 'None of the {{count}} builds loaded match these filters.',
    noneAll_one: 'None of all {{count}} build match these filters.',
    noneAll_other: 'None of all {{count}} builds match these filters.',
    someLoaded_one: 'Only {{matching}} of the {{count}} build loaded match these filters.',
    someLoaded_other: 'Only {{matching}} of the {{count}} builds loaded match these filters.',
    someAll_one: 'Only {{matching}} of all {{count}} build match these filters.',
    someAll_other: 'Only {{matching}} of all {{count}} builds match these filters.',
  },
  summary: {
    title: 'Summary',
    matching: 'Matching builds',
    total: 'Total builds',
    median: 'Median build time',
    minutes: 'min',
    lastBuild: 'Last build',
    lastStatus: 'Last status',
  },
  chart: {
    bar: 'Build #{{number}}, {{status}}, {{duration}}',
    label_one: 'Duration of the last {{count}} build, up to {{minutes}} minutes',
    label_other: 'Duration of the last {{count}} builds, up to {{minutes}} minutes',
    axis: '{{minutes}}m',
  },
  filters: {
    title: 'Filter builds',
    active: 'Active filters',
    chip: '{{label}}: {{value}}',
    remove: 'Remove filter {{filter}}',
    clear: 'Clear filters',
    queryTooLong:
      "This address's query is too long to read ({{length}} characters, at most {{max}}): its filters are not applied.",
    valueTooLong:
      'The {{label}} filter in the address is longer than {{max}} characters: it is not applied.',
    labels: { branch: 'Branch', event: 'Event', status: 'Status', author: 'Author' },
    any: {
      branch: 'All branches',
      event: 'All events',
      status: 'All statuses',
      author: 'All authors',
    },
    events: {
      push: 'Push',
      pull_request: 'Pull request',
      tag: 'Tag',
      promote: 'Promote',
      rollback: 'Rollback',
      cron: 'Cron',
      custom: 'Custom',
    },
  },
};

addEnglish({ repo });
