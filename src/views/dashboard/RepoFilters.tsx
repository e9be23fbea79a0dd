import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectFilter,
  selectOrganizations,
  selectPreferences,
  type dashboardMachine,
} from '../../machines/dashboard/dashboard.machine';
import {
  SORT_BY_NAME,
  SORT_BY_RECENT_ACTIVITY,
  SORT_OPTIONS,
  type SortOption,
} from '../../machines/dashboard/repoList';
import { useT } from '../ui';
import { Select, Switch, TextInput } from '../ui/Form';
import { showInvisibles } from '../../text/invisibles';
import { styled } from '../ui/theme';
import type { TextKey } from '../../i18n';
import '../../i18n/en/dashboard';

const Bar = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(160px, 220px) minmax(160px, 220px) minmax(160px, 1fr)',
  alignItems: 'center',
  gap: '$3',
  marginBottom: '$3',
  '@mobile': { gridTemplateColumns: '1fr' },
});

/** The machine keeps the sort's English name (stored in preferences); each has its text. */
const SORT_TEXT = {
  [SORT_BY_RECENT_ACTIVITY]: 'dashboard.filters.byRecentActivity',
  [SORT_BY_NAME]: 'dashboard.filters.byName',
} as const satisfies Record<SortOption, TextKey>;

/** docs/spec.md 2.4: 'Active Only', sort, organization and the slug filter. */
export function RepoFilters({ dashboard }: { dashboard: ActorRefFrom<typeof dashboardMachine> }) {
  const t = useT();
  const prefs = useSelector(dashboard, selectPreferences);
  const organizations = useSelector(dashboard, selectOrganizations);
  const filter = useSelector(dashboard, selectFilter);
  // A stored organization that is gone reads as 'All Organizations', as the list shows.
  const org = organizations.includes(prefs.org) ? prefs.org : '';
  return (
    <Bar>
      <Switch
        label={t('dashboard.filters.activeOnly')}
        checked={prefs.activeOnly}
        onChange={(event) =>
          dashboard.send({ type: 'prefs.setActiveOnly', value: event.target.checked })
        }
      />
      <Select
        aria-label={t('dashboard.filters.sort')}
        value={prefs.sortBy}
        onChange={(event) =>
          dashboard.send({ type: 'prefs.setSortBy', value: event.target.value as SortOption })
        }
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {t(SORT_TEXT[option])}
          </option>
        ))}
      </Select>
      <Select
        aria-label={t('dashboard.filters.organization')}
        value={org}
        onChange={(event) => dashboard.send({ type: 'prefs.setOrg', value: event.target.value })}
      >
        <option value="">{t('dashboard.filters.allOrganizations')}</option>
        {organizations.map((namespace) => (
          <option key={namespace} value={namespace}>
            {showInvisibles(namespace)}
          </option>
        ))}
      </Select>
      <TextInput
        type="search"
        aria-label={t('dashboard.filters.filter')}
        placeholder={t('dashboard.filters.filterPlaceholder')}
        value={filter}
        onChange={(event) => dashboard.send({ type: 'repos.filter', text: event.target.value })}
      />
    </Bar>
  );
}
