import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import {
  DRAWER_SLIDE_OUT,
  searchActor,
  selectIsDrawerClosing,
  selectIsLoadingRepos,
  selectHasQuery,
  selectQuery,
  selectReposError,
  selectResults,
} from '../../machines/palette/search.machine';
import { repoHref } from '../buildPage/paths';
import { Button, Notice, Spinner, StatusIcon, UserText, useT } from '../ui';
import { Trans } from '../ui/Trans';
import { TextInput } from '../ui/Form';
import { dialogClosing } from '../ui/dialogClosing';
import { keyframes, styled } from '../ui/theme';
import '../../i18n/en/palette';

// docs/spec.md 2.3: the 'Search repositories' drawer the sidebar's Search button opens.

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'none' } });
const slideOut = keyframes({ from: { transform: 'none' }, to: { transform: 'translateX(-100%)' } });

const Drawer = styled('dialog', {
  margin: 0,
  padding: 0,
  border: 'none',
  borderRight: '1px solid $border',
  width: 'min(420px, 100vw)',
  maxWidth: '100vw',
  height: '100vh',
  maxHeight: '100vh',
  backgroundColor: '$surface',
  color: '$text',
  boxShadow: '$2',
  animation: `${slideIn} ${DRAWER_SLIDE_OUT}ms ease-out`,
  '&::backdrop': { backgroundColor: 'rgba(0,0,0,0.35)' },
  '&[data-state="closing"]': {
    animation: `${slideOut} ${DRAWER_SLIDE_OUT}ms ease-in forwards`,
  },
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

const Header = styled('header', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: '$3 $4',
  borderBottom: '1px solid $border',
  h2: { margin: 0, fontSize: '$3' },
});

const Body = styled('div', { padding: '$4', display: 'grid', gap: '$3' });

const Results = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: '$2',
  a: {
    display: 'flex',
    alignItems: 'center',
    gap: '$3',
    padding: '$2 $3',
    border: '1px solid $border',
    borderRadius: '$2',
    color: '$text',
    textDecoration: 'none',
    '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
  },
  strong: { display: 'block', overflowWrap: 'anywhere' },
  small: { color: '$textMuted', overflowWrap: 'anywhere' },
});

const ResultsTitle = styled('h3', { fontSize: '$2', margin: '0 0 $2' });

const Muted = styled('p', { color: '$textMuted', margin: 0 });

/** The drawer, loaded the first time it opens (SearchButton.tsx). */
export function SearchDrawer() {
  const t = useT();
  const actor = searchActor();
  const closing = useSelector(actor, selectIsDrawerClosing);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // Showing the native dialog is DOM work, not data: modal makes the browser move focus in,
  // keep it inside, close on Escape and give focus back to the Search button afterwards.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    // showModal focuses the first control (Close); the search field is where typing belongs.
    dialog?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
    return () => dialog?.close();
  }, []);
  const close = () => actor.send({ type: 'search.close' });
  return (
    <Drawer
      ref={ref}
      aria-labelledby={titleId}
      data-state={closing ? 'closing' : 'open'}
      {...dialogClosing(close)}
    >
      <Header>
        <h2 id={titleId}>{t('shell.search.title')}</h2>
        <Button variant="ghost" aria-label={t('common.close')} onClick={close}>
          ✕
        </Button>
      </Header>
      <Body>
        <SearchInput />
        <SearchResults />
      </Body>
    </Drawer>
  );
}

function SearchInput() {
  const t = useT();
  const actor = searchActor();
  const query = useSelector(actor, selectQuery);
  const [, navigate] = useLocation();
  return (
    <TextInput
      type="search"
      aria-label={t('shell.search.title')}
      placeholder={t('shell.search.title')}
      autoComplete="off"
      value={query}
      onChange={(event) => actor.send({ type: 'search.type', query: event.target.value })}
      onKeyDown={(event) => {
        // Enter opens the first result, as a palette does (issue 19 item 2).
        const first = selectResults(actor.getSnapshot())[0];
        if (event.key !== 'Enter' || !first) return;
        event.preventDefault();
        navigate(repoHref(first));
        actor.send({ type: 'search.close' });
      }}
    />
  );
}

function SearchResults() {
  const t = useT();
  const actor = searchActor();
  const hasQuery = useSelector(actor, selectHasQuery);
  const query = useSelector(actor, selectQuery).trim();
  const results = useSelector(actor, selectResults);
  const loading = useSelector(actor, selectIsLoadingRepos);
  const titleId = useId();
  const error = useSelector(actor, selectReposError);
  const close = () => actor.send({ type: 'search.close' });

  if (error) {
    return (
      <Notice tone="danger" role="alert">
        <span style={{ flex: 1 }}>
          <UserText>{error || t('messages.unknownError')}</UserText>
        </span>
        <Button size="small" onClick={() => actor.send({ type: 'search.reload' })}>
          {t('common.retry')}
        </Button>
      </Notice>
    );
  }
  if (loading) {
    return (
      <Muted role="status">
        <Spinner aria-hidden="true" /> {t('shell.search.loading')}
      </Muted>
    );
  }
  if (!hasQuery) return null;
  if (results.length === 0) return <Muted role="status">{t('shell.search.notFound')}</Muted>;
  return (
    <section aria-labelledby={titleId}>
      <ResultsTitle id={titleId}>{t('shell.search.results')}</ResultsTitle>
      <Results>
        {results.map((repo) => (
          <li key={repo.id}>
            <Link href={repoHref(repo)} onClick={close}>
              <StatusIcon status={repo.build?.status ?? 'inactive'} />
              <span>
                <strong>
                  <UserText>{repo.slug}</UserText>
                </strong>
                <small>
                  <Trans
                    i18nKey="shell.search.found"
                    components={{ query: <UserText>{query}</UserText> }}
                  />
                </small>
              </span>
            </Link>
          </li>
        ))}
      </Results>
    </section>
  );
}
