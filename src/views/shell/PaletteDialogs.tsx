import { useSelector } from '@xstate/react';
import { useId, useLayoutEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Link } from 'wouter';
import { SHORTCUTS } from '../../machines/shell/keys';
import {
  paletteActor,
  paletteCommands,
  paletteResults,
  selectOffered,
  selectPaletteQuery,
  type PaletteItem,
} from '../../machines/palette/palette.machine';
import {
  searchActor,
  selectIsLoadingRepos,
  selectRepos,
  selectReposError,
} from '../../machines/palette/search.machine';
import { Spinner, StatusIcon, UserText, useT } from '../ui';
import { Modal } from '../ui/Modal';
import { Trans } from '../ui/Trans';
import { Table } from '../ui/Table';
import { TextInput } from '../ui/Form';
import { dialogClosing } from '../ui/dialogClosing';
import { styled } from '../ui/theme';
import '../../i18n/en/palette';

// Issue 19 item 2: the command palette's dialog and the shortcuts help, loaded the first time one
// opens (CommandPalette.tsx; issue 18: the first screen carries only what it shows).

/** The shortcuts help ('?'). */
export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <Modal title={t('shell.shortcuts.title')} onClose={onClose}>
      <ShortcutsTable />
    </Modal>
  );
}

function ShortcutsTable() {
  const t = useT();
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">{t('shell.shortcuts.keys')}</th>
          <th scope="col">{t('shell.shortcuts.action')}</th>
          <th scope="col">{t('shell.shortcuts.where')}</th>
        </tr>
      </thead>
      <tbody>
        {SHORTCUTS.map(({ keys, action, where }) => (
          <tr key={`${keys} ${action}`}>
            <td>
              <Kbd>{keys}</Kbd>
            </td>
            <td>{t(`shell.shortcuts.actions.${action}`)}</td>
            <td>{t(`shell.shortcuts.places.${where}`)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export function PaletteDialog({ admin, onClose }: { admin: boolean; onClose: () => void }) {
  const actor = paletteActor();
  const search = searchActor();
  const query = useSelector(actor, selectPaletteQuery);
  const offered = useSelector(actor, selectOffered);
  const repos = useSelector(search, selectRepos);
  const loading = useSelector(search, selectIsLoadingRepos);
  const error = useSelector(search, selectReposError);
  const t = useT();
  const results = useMemo(
    () =>
      paletteResults(
        repos,
        query,
        paletteCommands(admin, offered, (name, values) =>
          t(`shell.palette.commands.${name}`, { repo: values?.repo ?? '' }),
        ),
      ),
    [repos, query, admin, offered, t],
  );
  const ref = useRef<HTMLDialogElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const titleId = useId();
  const listId = useId();
  // The native modal dialog keeps focus inside and gives it back when it closes.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    dialog?.querySelector('input')?.focus();
    return () => dialog?.close();
  }, []);
  const choose = (item: PaletteItem) => actor.send({ type: 'palette.choose', item });
  const onInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && results[0]) {
      event.preventDefault();
      choose(results[0]);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      listRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    }
  };
  return (
    <Dialog ref={ref} aria-labelledby={titleId} {...dialogClosing(onClose)}>
      <h2 id={titleId} className="visually-hidden">
        {t('shell.palette.title')}
      </h2>
      <TextInput
        type="search"
        aria-label={t('shell.palette.field')}
        aria-controls={listId}
        placeholder={t('shell.palette.field')}
        autoComplete="off"
        value={query}
        onChange={(event) => actor.send({ type: 'palette.type', query: event.target.value })}
        onKeyDown={onInputKey}
      />
      {error ? (
        <Muted role="alert">
          <UserText>{error}</UserText>
        </Muted>
      ) : null}
      {loading ? (
        <Muted role="status">
          <Spinner aria-hidden="true" /> {t('shell.palette.loading')}
        </Muted>
      ) : null}
      {results.length === 0 && !loading ? (
        <Muted role="status">{t('shell.palette.none')}</Muted>
      ) : null}
      <Results
        ref={listRef}
        id={listId}
        aria-label={t('shell.palette.matches')}
        onKeyDown={moveBetweenItems}
      >
        {results.map((item, index) => (
          <li key={item.key} data-first={index === 0 || undefined}>
            {item.href !== undefined ? (
              <Link href={item.href} onClick={onClose}>
                <ItemText item={item} />
              </Link>
            ) : (
              <button type="button" onClick={() => choose(item)}>
                <ItemText item={item} />
              </button>
            )}
          </li>
        ))}
      </Results>
      <Hint>
        <Trans
          i18nKey="shell.palette.hint"
          components={{ enter: <Kbd />, up: <Kbd />, down: <Kbd />, esc: <Kbd />, help: <Kbd /> }}
        />
      </Hint>
    </Dialog>
  );
}

/** A command's mark (an arrow, not a word). */
const COMMAND_MARK = '›';

function ItemText({ item }: { item: PaletteItem }) {
  const t = useT();
  return (
    <>
      {item.kind === 'command' ? (
        <CommandMark aria-hidden="true">{COMMAND_MARK}</CommandMark>
      ) : null}
      {item.kind !== 'command' ? <StatusIcon status={item.status} /> : null}
      <ItemMain>
        <strong>
          <UserText>{item.label}</UserText>
        </strong>
        {item.kind === 'build' && item.detail ? (
          <small>
            <UserText>{item.detail}</UserText>
          </small>
        ) : null}
      </ItemMain>
      <Kind>{t(`shell.palette.kinds.${item.kind}`)}</Kind>
    </>
  );
}

/** Up and down move between the matches; up from the first goes back to the field. */
function moveBetweenItems(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('a, button')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = index + (event.key === 'ArrowDown' ? 1 : -1);
  if (next < 0) event.currentTarget.parentElement?.querySelector('input')?.focus();
  else items[Math.min(next, items.length - 1)]?.focus();
}

const Dialog = styled('dialog', {
  marginTop: '10vh',
  boxSizing: 'border-box',
  padding: '$3',
  width: 'min(640px, calc(100vw - 24px))',
  maxHeight: '75vh',
  border: '1px solid $border',
  borderRadius: '$3',
  backgroundColor: '$surface',
  color: '$text',
  boxShadow: '$2',
  '&[open]': { display: 'flex', flexDirection: 'column', gap: '$2' },
  '&::backdrop': { backgroundColor: 'rgba(0,0,0,0.45)' },
});

const Results = styled('ul', {
  listStyle: 'none',
  minWidth: 0,
  margin: 0,
  padding: 0,
  overflowY: 'auto',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: '2px',
  'a, button': {
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: '$3',
    width: '100%',
    minWidth: 0,
    padding: '$2 $3',
    border: '1px solid transparent',
    borderRadius: '$2',
    backgroundColor: 'transparent',
    color: '$text',
    textAlign: 'left',
    textDecoration: 'none',
    fontFamily: '$body',
    fontSize: '$2',
    cursor: 'pointer',
    '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
  },
  '[data-first] a, [data-first] button': { borderColor: '$border' },
  strong: { display: 'block', fontWeight: 500, overflowWrap: 'anywhere' },
  small: {
    display: 'block',
    color: '$textMuted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

const ItemMain = styled('span', { flex: 1, minWidth: 0 });
const Kind = styled('span', { color: '$textMuted', fontSize: '$1', flexShrink: 0 });
const CommandMark = styled('span', {
  width: '16px',
  textAlign: 'center',
  color: '$textMuted',
  fontWeight: 700,
});
const Muted = styled('p', { margin: 0, color: '$textMuted' });
const Hint = styled('p', { margin: 0, color: '$textMuted', fontSize: '$1' });
export const Kbd = styled('kbd', {
  display: 'inline-block',
  padding: '0 $1',
  border: '1px solid $border',
  borderRadius: '$1',
  backgroundColor: '$surfaceAlt',
  fontFamily: '$mono',
  fontSize: '$1',
  whiteSpace: 'nowrap',
});
