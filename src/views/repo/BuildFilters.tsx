import { Link, useLocation } from 'wouter';
import {
  FILTER_EVENTS,
  FILTER_KEYS,
  FILTER_STATUSES,
  filterSearch,
  isFiltered,
  withFilter,
  type BuildFilter,
  type FilterKey,
} from '../../machines/repo/buildFilter';
import { showInvisibles } from '../../text/invisibles';
import type { BuildEvent } from '../../api/types';
import { statusLabel, UserText, useT, type TFunction } from '../ui';
import { Select } from '../ui/Form';
import { styled } from '../ui/theme';
import '../../i18n/en/repo';

// Issue 19 item 3: the Executions list's filters. Each choice is a link to the same list with
// another query (the URL holds the filter), so the back button, a reload and a shared link all
// show the same list.

const Bar = styled('div', {
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: '$3',
  marginBottom: '$3',
  '@mobile': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
});

const Labelled = styled('label', {
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  minWidth: 0,
  fontSize: '$1',
  fontWeight: 600,
  color: '$textMuted',
});

// On a phone the selects say what they filter ('All branches', or the aria-label with the chosen
// value): their labels would push the executions below the first screen (issue 29 item 11).
const LabelText = styled('span', {
  '@mobile': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
  },
});

const Chips = styled('ul', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  listStyle: 'none',
  margin: '0 0 $3',
  padding: 0,
});

const Chip = styled(Link, {
  display: 'inline-flex',
  alignItems: 'center',
  gap: '$1',
  maxWidth: '100%',
  padding: '2px $2',
  border: '1px solid $border',
  borderRadius: '999px',
  backgroundColor: '$surfaceAlt',
  color: '$text',
  fontSize: '$1',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  '&:hover': { borderColor: '$primary' },
});

const ClearLink = styled(Link, { fontSize: '$1', color: '$primary' });

/** How a chip names a filter's value. */
function valueText(t: TFunction, key: FilterKey, value: string): string {
  if (key === 'event' && FILTER_EVENTS.some((entry) => entry.value === value)) {
    return t(`repo.filters.events.${value as BuildEvent}`);
  }
  if (key === 'status') return statusLabel(value as never, t);
  return value;
}

export function BuildFilters({
  filter,
  query,
  branches,
  authors = [],
  keys = FILTER_KEYS,
}: {
  filter: BuildFilter;
  /** The dimensions offered (the Insights tab: branch and event). */
  keys?: readonly FilterKey[];
  /** The page's query, so other keys survive a change of filter. */
  query: URLSearchParams;
  branches: string[];
  authors?: string[];
}) {
  const t = useT();
  const [path, navigate] = useLocation();
  const hrefWith = (next: BuildFilter) => `${path}${filterSearch(query, next)}`;
  // A value from the URL that no loaded build has yet is still a choice, the chosen one.
  const names = (values: string[], current?: string) =>
    (current && !values.includes(current) ? [current, ...values] : values).map((value) => ({
      value,
      label: showInvisibles(value),
    }));
  const choices: Record<FilterKey, Array<{ value: string; label: string }>> = {
    branch: names(branches, filter.branch),
    event: FILTER_EVENTS.map(({ value }) => ({ value, label: t(`repo.filters.events.${value}`) })),
    status: FILTER_STATUSES.map((status) => ({ value: status, label: statusLabel(status, t) })),
    author: names(authors, filter.author),
  };

  return (
    <section aria-label={t('repo.filters.title')}>
      <Bar>
        {keys.map((key) => (
          <Labelled key={key}>
            <LabelText>{t(`repo.filters.labels.${key}`)}</LabelText>
            <Select
              aria-label={t(`repo.filters.labels.${key}`)}
              value={filter[key] ?? ''}
              onChange={(event) =>
                navigate(hrefWith(withFilter(filter, key, event.target.value || undefined)))
              }
            >
              <option value="">{t(`repo.filters.any.${key}`)}</option>
              {choices[key].map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </Select>
          </Labelled>
        ))}
      </Bar>
      {isFiltered(filter) ? (
        <Chips aria-label={t('repo.filters.active')}>
          {FILTER_KEYS.map((key) => {
            const value = filter[key];
            if (!value) return null;
            const text = t('repo.filters.chip', {
              label: t(`repo.filters.labels.${key}`),
              value: valueText(t, key, value),
            });
            return (
              <li key={key}>
                <Chip
                  href={hrefWith(withFilter(filter, key, undefined))}
                  aria-label={showInvisibles(t('repo.filters.remove', { filter: text }))}
                  data-testid="filter-chip"
                >
                  <UserText>{text}</UserText>
                  <span aria-hidden="true">×</span>
                </Chip>
              </li>
            );
          })}
          <li>
            <ClearLink href={hrefWith({})}>{t('repo.filters.clear')}</ClearLink>
          </li>
        </Chips>
      ) : null}
    </section>
  );
}
