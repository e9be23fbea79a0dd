import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { shownLog } from '../../logs/groups';
import { formatPermalink } from '../../logs/permalink';
import type { consoleMachine } from '../../machines/console/console.machine';
import { copyMachine } from '../../machines/shell/copy.machine';
import { Button, IconButton, useT } from '../ui';
import { selectLines } from './selectors';
import {
  selectHasGroups,
  selectIsSearchOpen,
  selectSearchRef,
  selectSelection,
  selectTimestamps,
  selectWrap,
  type ViewerRef,
} from './viewerSelectors';
import { useInspectedActorRef } from '../useInspectedActorRef';

// The console's reading tools: search, timestamps, wrap, groups, jumps and copies.

/** A button that copies text computed on click (a whole log is only built when asked for). */
function CopyAction({ label, text }: { label: string; text: () => string }) {
  const t = useT();
  const copy = useInspectedActorRef(copyMachine);
  const state = useSelector(copy, (snapshot) => snapshot.value);
  return (
    <Button size="small" onClick={() => copy.send({ type: 'copy.request', text: text() })}>
      <span aria-live="polite">
        {state === 'copied'
          ? t('common.copied')
          : state === 'failed'
            ? t('common.copyFailed')
            : label}
      </span>
    </Button>
  );
}

export function ConsoleToolbar({
  actorRef,
  viewer,
  onOpenSearch,
}: {
  actorRef: ActorRefFrom<typeof consoleMachine>;
  viewer: ViewerRef;
  onOpenSearch: () => void;
}) {
  const t = useT();
  const search = useSelector(viewer, selectSearchRef);
  const searching = useSelector(search, selectIsSearchOpen);
  const hasLines = useSelector(actorRef, (snapshot) => selectLines(snapshot).length > 0);
  const hasGroups = useSelector(viewer, selectHasGroups);
  const timestamps = useSelector(viewer, selectTimestamps);
  const wrap = useSelector(viewer, selectWrap);
  const selection = useSelector(viewer, selectSelection);
  if (!hasLines) return null;
  const linkToSelection = () => {
    const { origin, pathname, search: query } = window.location;
    return `${origin}${pathname}${query}${selection ? formatPermalink(selection) : ''}`;
  };
  return (
    <>
      <Button
        size="small"
        variant={searching ? 'primary' : 'secondary'}
        aria-pressed={searching}
        aria-keyshortcuts="Control+F Meta+F"
        onClick={onOpenSearch}
      >
        {t('console.search')}
      </Button>
      <Button
        size="small"
        variant={timestamps === 'clock' ? 'primary' : 'secondary'}
        aria-pressed={timestamps === 'clock'}
        title={t('console.clockTitle')}
        onClick={() => viewer.send({ type: 'log.toggleTimestamps' })}
      >
        {t('console.clock')}
      </Button>
      <Button
        size="small"
        variant={wrap ? 'primary' : 'secondary'}
        aria-pressed={wrap}
        onClick={() => viewer.send({ type: 'log.toggleWrap' })}
      >
        {t('console.wrap')}
      </Button>
      {hasGroups ? (
        <>
          <Button size="small" onClick={() => viewer.send({ type: 'groups.expandAll' })}>
            {t('console.expandAll')}
          </Button>
          <Button size="small" onClick={() => viewer.send({ type: 'groups.collapseAll' })}>
            {t('console.collapseAll')}
          </Button>
        </>
      ) : null}
      <IconButton
        size="small"
        variant="secondary"
        aria-label={t('console.top')}
        title={t('console.top')}
        onClick={() => viewer.send({ type: 'log.jump', to: 'top' })}
      >
        ↑
      </IconButton>
      <IconButton
        size="small"
        variant="secondary"
        aria-label={t('console.bottom')}
        title={t('console.bottom')}
        onClick={() => viewer.send({ type: 'log.jump', to: 'bottom' })}
      >
        ↓
      </IconButton>
      <CopyAction
        label={t('console.copyLog')}
        text={() => shownLog(actorRef.getSnapshot().context.lines)}
      />
      {selection ? <CopyAction label={t('console.copyLink')} text={linkToSelection} /> : null}
    </>
  );
}
