import { useSelector } from '@xstate/react';
import { code } from '../../boot/code';
import { onDemand } from '../../boot/OnDemand';
import { useCode } from '../../boot/useCode';
import { useT } from '../ui';
import { styled } from '../ui/theme';

// docs/spec.md 2.2: the sidebar's Search button. Neither the drawer it opens (SearchDrawer.tsx)
// nor the search machine behind it is on the first screen (docs/issues.md issue 18: the first
// screen carries only what it shows): the first click loads both, side by side, and opens it.

const drawer = () => import('./SearchDrawer');
const SearchDrawer = onDemand(() => drawer().then((m) => m.SearchDrawer), null);
const searchCode = code(() => import('../../machines/palette/search.machine'));

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
  // The search machine's code, once it has arrived; until then the drawer is closed.
  const { loaded: search, load } = useCode(searchCode, { onMount: false });
  const actor = search?.searchActor();
  const shown = useSelector(actor, (snapshot) =>
    search && snapshot ? search.selectIsDrawerShown(snapshot) : false,
  );
  const open = () => {
    if (actor) {
      actor.send({ type: 'search.open' });
      return;
    }
    void drawer().catch(() => undefined);
    load({ then: (loaded) => loaded.searchActor().send({ type: 'search.open' }) });
  };
  return (
    <>
      <TriggerButton
        type="button"
        aria-label={t('shell.search.open')}
        title={t('shell.search.open')}
        aria-haspopup="dialog"
        aria-expanded={shown}
        onClick={open}
      >
        <SearchIcon />
      </TriggerButton>
      {shown ? <SearchDrawer /> : null}
    </>
  );
}
