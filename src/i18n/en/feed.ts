import { addEnglish } from '../index';

// English texts of the feed screens, added when a view that uses them loads (./core.ts).

export const feed = {
  title: 'Builds Feed',
  runningNow: 'Running now',
  noneRunning: 'No builds are running.',
  recentBuilds: 'Recent builds',
  loading: 'Loading builds...',
  empty: 'No builds yet',
  emptyText: 'Builds of your repositories show up here.',
  elapsed: 'Elapsed time',
  activity: {
    push: '{{who}} pushed to {{target}}',
    pullRequestOpened: '{{who}} opened a pull request to {{target}}',
    pullRequestUpdated: '{{who}} updated a pull request to {{target}}',
    tag: '{{who}} created tag {{tag}}',
    promote: '{{who}} promoted #{{parent}} to {{target}}',
    rollback: '{{who}} rolled back #{{parent}} to {{target}}',
    cron: 'cron job {{cron}} ran on {{target}}',
    custom: '{{who}} started a build on {{target}}',
    other: '{{who}} triggered {{event}} on {{target}}',
  },
};

addEnglish({ feed });
