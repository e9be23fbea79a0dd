import { addEnglish } from '../index';

// English texts of the dashboard screens, added when a view that uses them loads (./core.ts).

export const dashboard = {
  title: 'Dashboard',
  sync: 'Sync',
  syncing: 'Syncing',
  recentActivity: 'Recent Activity',
  repositories: 'Repositories',
  loading: 'Loading repositories...',
  empty: 'Your Repository List is Empty.',
  emptyText:
    '{{product}} automatically syncs with your version control system to display your repositories.',
  noMatch: 'No repositories match these filters.',
  inactive: 'Inactive',
  filters: {
    activeOnly: 'Active Only',
    sort: 'Sort repositories',
    byRecentActivity: 'Sort by Recent activity',
    byName: 'Sort by Name',
    organization: 'Organization',
    allOrganizations: 'All Organizations',
    filter: 'Filter repositories',
    filterPlaceholder: 'Filter …',
  },
};

addEnglish({ dashboard });
