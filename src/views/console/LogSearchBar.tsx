import { useSelector } from '@xstate/react';
import type { Ref } from 'react';
import { IconButton, styled, useT } from '../ui';
import {
  selectIsScanning,
  selectMatchNumber,
  selectMatchTotal,
  selectQuery,
  selectSearchError,
  type SearchRef,
} from './viewerSelectors';
import '../../i18n/en/logSearch';

// The console's search box: plain text by default, with case and regular-expression toggles,
// 'n of m' matches, next / previous (Enter, Shift+Enter) and Escape to close. It searches the
// whole log, not only the rendered lines (logSearch machine).

export function LogSearchBar({
  search,
  inputRef,
  onClose,
}: {
  search: SearchRef;
  inputRef: Ref<HTMLInputElement>;
  /** After Escape or the close button: focus goes back to the console. */
  onClose: () => void;
}) {
  const t = useT();
  const query = useSelector(search, selectQuery);
  const error = useSelector(search, selectSearchError);
  const scanning = useSelector(search, selectIsScanning);
  const total = useSelector(search, selectMatchTotal);
  const number = useSelector(search, selectMatchNumber);
  const close = () => {
    search.send({ type: 'search.close' });
    onClose();
  };
  return (
    <Bar role="search" aria-label={t('build.search.searchLog')}>
      <Input
        ref={inputRef}
        type="search"
        aria-label={t('build.search.searchLogs')}
        placeholder={t('build.search.searchLogs')}
        autoFocus
        spellCheck={false}
        value={query.text}
        aria-invalid={error ? true : undefined}
        onChange={(event) => search.send({ type: 'search.type', text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            search.send({ type: event.shiftKey ? 'search.previous' : 'search.next' });
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            close();
          }
        }}
      />
      <Toggle
        aria-label={t('build.search.matchCase')}
        title={t('build.search.matchCase')}
        aria-pressed={query.caseSensitive}
        onClick={() => search.send({ type: 'search.toggleCase' })}
      >
        {t('build.search.matchCaseSymbol')}
      </Toggle>
      <Toggle
        aria-label={t('build.search.regex')}
        title={t('build.search.regex')}
        aria-pressed={query.regex}
        onClick={() => search.send({ type: 'search.toggleRegex' })}
      >
        .*
      </Toggle>
      <Count aria-live="polite" data-testid="search-count">
        {error ? '' : t('build.search.matchCount', { number, total, more: scanning ? '…' : '' })}
      </Count>
      <IconButton
        size="small"
        aria-label={t('build.search.previousMatch')}
        title={t('build.search.previousMatchKey')}
        disabled={total === 0}
        onClick={() => search.send({ type: 'search.previous' })}
      >
        ↑
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('build.search.nextMatch')}
        title={t('build.search.nextMatchKey')}
        disabled={total === 0}
        onClick={() => search.send({ type: 'search.next' })}
      >
        ↓
      </IconButton>
      <IconButton
        size="small"
        aria-label={t('build.search.closeSearch')}
        title={t('build.search.closeKey')}
        onClick={close}
      >
        ×
      </IconButton>
      {error ? <SearchError role="alert">{error}</SearchError> : null}
    </Bar>
  );
}

const Bar = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  borderBottom: '1px solid #30363d',
  button: { color: '$logText' },
  'button:hover:not(:disabled)': { backgroundColor: 'rgba(255, 255, 255, 0.08)' },
});

const Input = styled('input', {
  flex: '1 1 220px',
  minWidth: 0,
  height: '28px',
  padding: '0 $2',
  borderRadius: '$2',
  border: '1px solid #30363d',
  backgroundColor: '#010409',
  color: '$logText',
  fontFamily: '$mono',
  fontSize: '13px',
  '&[aria-invalid]': { borderColor: '#f85149' },
  '&:focus': { outline: '2px solid #4493f8', outlineOffset: '-1px' },
});

const Toggle = styled('button', {
  all: 'unset',
  cursor: 'pointer',
  minWidth: '28px',
  height: '26px',
  textAlign: 'center',
  borderRadius: '$1',
  fontFamily: '$mono',
  fontSize: '12px',
  border: '1px solid transparent',
  '&[aria-pressed=true]': { borderColor: '#388bfd', backgroundColor: 'rgba(56, 139, 253, 0.2)' },
  '&:focus-visible': { outline: '2px solid #4493f8' },
});

const Count = styled('span', {
  minWidth: '9ch',
  color: '$logMuted',
  fontSize: '$1',
  fontVariantNumeric: 'tabular-nums',
});

const SearchError = styled('span', { flexBasis: '100%', color: '#ffa198', fontSize: '$1' });
