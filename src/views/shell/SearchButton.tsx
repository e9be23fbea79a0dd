import { useSelector } from '@xstate/react';
import { searchActor, selectIsDrawerShown } from '../../machines/shell/search.machine';
import { useT } from '../ui';
import { onDemand } from '../ui/OnDemand';
import { styled } from '../ui/theme';

// docs/spec.md 2.2: the sidebar's Search button. The drawer it opens (SearchDrawer.tsx) loads the
// first time it opens (issue 18: the first screen carries only what it shows).

const SearchDrawer = onDemand(() => import('./SearchDrawer').then((m) => m.SearchDrawer), null);

const SearchIcon = () => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-4-4" />
  </svg>
);

const TriggerButton = styled('button', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '40px',
  height: '40px',
  border: 'none',
  borderRadius: '$2',
  backgroundColor: 'transparent',
  color: '$sidebarText',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.12)' },
  svg: { width: '22px', height: '22px' },
});

export function SearchButton() {
  const t = useT();
  const actor = searchActor();
  const shown = useSelector(actor, selectIsDrawerShown);
  return (
    <>
      <TriggerButton
        type="button"
        aria-label={t('shell.search.open')}
        title={t('shell.search.open')}
        aria-haspopup="dialog"
        aria-expanded={shown}
        onClick={() => actor.send({ type: 'search.open' })}
      >
        <SearchIcon />
      </TriggerButton>
      {shown ? <SearchDrawer /> : null}
    </>
  );
}
