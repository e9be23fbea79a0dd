import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectFilter,
  selectOrganizations,
  selectPreferences,
  type dashboardMachine,
} from '../../machines/dashboard/dashboard.machine';
import { SORT_OPTIONS, type SortOption } from '../../machines/dashboard/repoList';
import { Select, Switch, TextInput } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { styled } from '../ui/theme';

const Bar = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(160px, 220px) minmax(160px, 220px) minmax(160px, 1fr)',
  alignItems: 'center',
  gap: '$3',
  marginBottom: '$3',
  '@mobile': { gridTemplateColumns: '1fr' },
});

/** docs/spec.md 2.4: 'Active Only', sort, organization and the slug filter. */
export function RepoFilters({ dashboard }: { dashboard: ActorRefFrom<typeof dashboardMachine> }) {
  const prefs = useSelector(dashboard, selectPreferences);
  const organizations = useSelector(dashboard, selectOrganizations);
  const filter = useSelector(dashboard, selectFilter);
  // A stored organization that is gone reads as 'All Organizations', as the list shows.
  const org = organizations.includes(prefs.org) ? prefs.org : '';
  return (
    <Bar>
      <Switch
        label="Active Only"
        checked={prefs.activeOnly}
        onChange={(event) =>
          dashboard.send({ type: 'prefs.setActiveOnly', value: event.target.checked })
        }
      />
      <Select
        aria-label="Sort repositories"
        value={prefs.sortBy}
        onChange={(event) =>
          dashboard.send({ type: 'prefs.setSortBy', value: event.target.value as SortOption })
        }
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Select>
      <Select
        aria-label="Organization"
        value={org}
        onChange={(event) => dashboard.send({ type: 'prefs.setOrg', value: event.target.value })}
      >
        <option value="">All Organizations</option>
        {organizations.map((namespace) => (
          <option key={namespace} value={namespace}>
            {showInvisibles(namespace)}
          </option>
        ))}
      </Select>
      <TextInput
        type="search"
        aria-label="Filter repositories"
        placeholder="Filter …"
        value={filter}
        onChange={(event) => dashboard.send({ type: 'repos.filter', text: event.target.value })}
      />
    </Bar>
  );
}
