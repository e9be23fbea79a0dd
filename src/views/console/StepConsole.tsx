import { useSelector } from '@xstate/react';
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Build, Stage, Step } from '../../api/types';
import { consoleMachine, type FollowStepTarget } from '../../machines/console/console.machine';
import { Button, Loading, StatusIcon, styled, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { ConsoleToolbar } from './ConsoleToolbar';
import { LogList } from './LogList';
import {
  selectCanDownload,
  selectTailShown,
  selectFindingFirstError,
  selectCanFollow,
  selectConsoleState,
  selectDroppedOverlong,
  selectFetchError,
  selectFollow,
  selectLines,
  selectShowAll,
  type ConsoleSnapshot,
} from './selectors';
import {
  consoleErrorText,
  footerText,
  logFileName,
  noLogsText,
  overlongText,
  tailReadingText,
  tailText,
} from './texts';
import {
  selectIsSearchOpen,
  selectLineCount,
  selectSearchRef,
  selectTailStart,
  selectViewerRef,
  type SearchRef,
  type ViewerRef,
} from './viewerSelectors';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { onDemand } from '../../boot/OnDemand';
import { Extra } from '../buildPage/extras';

// Issue 18: the search box's code loads the first time it opens (it focuses itself on arrival).
const LogSearchBar = onDemand(() => import('./LogSearchBar').then((m) => m.LogSearchBar), null);

export interface StepConsoleProps {
  repo: { namespace: string; name: string };
  build: Build;
  stage: Stage;
  step: Step;
  /** The build page: following tells it to go on to the build's next running step. */
  page?: FollowStepTarget;
  /** Issue 30 item 1: open on the log's first error line (the page landed on this failed step). */
  landOnError?: boolean;
}

type ConsoleRef = ActorRefFrom<typeof consoleMachine>;

/**
 * The console of one step (docs/spec.md 2.9 console parts, 4.4). The build page passes fresh objects as
 * the build updates live; they reach the machine as `console.update` events, so the console keeps
 * its lines and stream across updates, and resets itself when the step (its id) changes.
 */
export function StepConsole({ repo, build, stage, step, page, landOnError }: StepConsoleProps) {
  const actorRef = useInspectedActorRef(consoleMachine, {
    input: { repo, build, stage, step, page, landOnError },
  });
  useEffect(() => {
    actorRef.send({ type: 'console.update', repo, build, stage, step });
  }, [actorRef, repo, build, stage, step]);
  const viewer = useSelector(actorRef, selectViewerRef);
  const search = useSelector(viewer, selectSearchRef);
  const searching = useSelector(search, selectIsSearchOpen);
  const annotationsRoom = useSelector(actorRef, (snapshot) => annotationsHeight(snapshot, step));
  const frame = useRef<HTMLElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const openSearch = () => {
    search.send({ type: 'search.open' });
    // Already open: take the focus back to the box (a new box focuses itself).
    searchInput.current?.focus();
    searchInput.current?.select();
  };

  return (
    <Frame
      ref={frame}
      aria-label={`Console of step ${showInvisibles(step.name)}`}
      // Focusable, so Ctrl+F / Cmd+F reach it once the reader clicked into the log.
      tabIndex={-1}
      onKeyDown={(event) => handleConsoleKeys(event, viewer, search, searching, openSearch, frame)}
    >
      <ConsoleHeader
        actorRef={actorRef}
        viewer={viewer}
        onOpenSearch={openSearch}
        repo={repo}
        build={build}
        stage={stage}
        step={step}
      />
      {searching ? (
        <LogSearchBar
          search={search}
          inputRef={searchInput}
          onClose={() => frame.current?.focus()}
        />
      ) : null}
      {stage.error ? (
        <StageError role="alert">
          <StatusIcon status="error" />
          <span>
            <UserText>{stage.error}</UserText>
          </span>
        </StageError>
      ) : null}
      <AnnotationsRoom
        style={
          step.status === 'running' ? { minHeight: annotationsRoom } : { height: annotationsRoom }
        }
      >
        <Extra part="annotations" actorRef={actorRef} viewer={viewer} repo={repo} />
      </AnnotationsRoom>
      <ConsoleBody actorRef={actorRef} viewer={viewer} build={build} stage={stage} step={step} />
      <ConsoleFooter actorRef={actorRef} stage={stage} step={step} />
      <Extra part="tests" repo={repo} build={build} stage={stage} step={step} log={actorRef} />
    </Frame>
  );
}

/** One annotation's row in the panel (AnnotationList.tsx): one line, 22 px. */
const ANNOTATION_ROW = 22;

/**
 * The room the annotation panel keeps (AnnotationList.tsx), from the first render, so the log's
 * first lines stay put when it shows: 8 px of padding around its heading, then 8 px and its rows
 * once the log is read, and a border. A finished step's panel keeps to it, its rows scrolling
 * within: three for a failed step (three error annotations moved the log down 47 px), one for
 * another ("No annotations", or its one note). A running step's grows with its live log. None
 * beside a failed read.
 */
function annotationsHeight(snapshot: ConsoleSnapshot, step: Step): number {
  if (selectConsoleState(snapshot) === 'error') return 0;
  if (step.status === 'running') return 35;
  const rows = step.status === 'failure' || step.status === 'error' ? 3 : 1;
  return 43 + rows * ANNOTATION_ROW;
}

// Its panel fills it (AnnotationList.tsx Panel).
const AnnotationsRoom = styled('div', { display: 'flex', flexDirection: 'column' });

/**
 * Ctrl+F / Cmd+F opens the log search instead of the browser's; Escape closes it. End goes to
 * the last line and, on a running log, follows it again (not in the search box: End moves its
 * caret there).
 */
function handleConsoleKeys(
  event: KeyboardEvent,
  viewer: ViewerRef,
  search: SearchRef,
  searching: boolean,
  openSearch: () => void,
  frame: RefObject<HTMLElement | null>,
) {
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') {
    event.preventDefault();
    openSearch();
  } else if (event.key === 'Escape' && searching) {
    search.send({ type: 'search.close' });
    frame.current?.focus();
  } else if (event.key === 'End' && !(event.target instanceof HTMLInputElement)) {
    viewer.send({ type: 'log.jump', to: 'bottom' });
  }
}

function ConsoleHeader({
  actorRef,
  viewer,
  onOpenSearch,
  repo,
  build,
  stage,
  step,
}: StepConsoleProps & { actorRef: ConsoleRef; viewer: ViewerRef; onOpenSearch: () => void }) {
  const canFollow = useSelector(actorRef, selectCanFollow);
  const t = useT();
  const follow = useSelector(actorRef, selectFollow);
  const canDownload = useSelector(actorRef, selectCanDownload);
  // Its place is kept while a long log's last lines show alone: the lines stay put (issue 32).
  const tailShown = useSelector(actorRef, selectTailShown);
  const download = () => {
    const name = logFileName(repo, build, stage, step);
    const text = actorRef.getSnapshot().context.lines.text();
    // Its code is not on the first screen: it arrives within the click's activation.
    void import('./download').then(({ saveTextFile }) => saveTextFile(name, text));
  };
  return (
    <Header>
      <Title>{t('console.title')}</Title>
      <Controls>
        <ConsoleToolbar actorRef={actorRef} viewer={viewer} onOpenSearch={onOpenSearch} />
        {canFollow ? (
          <Button
            size="small"
            variant={follow ? 'primary' : 'secondary'}
            aria-pressed={follow}
            onClick={() => actorRef.send({ type: follow ? 'log.unfollow' : 'log.follow' })}
          >
            {follow ? t('console.following') : t('console.follow')}
          </Button>
        ) : null}
        {canDownload || tailShown ? (
          <Button size="small" disabled={!canDownload} onClick={download}>
            {t('console.download')}
          </Button>
        ) : null}
      </Controls>
    </Header>
  );
}

/**
 * docs/spec.md 4.4's footer for the step's status. Not while the log call failed: 'Exit Code 0' under an
 * error would read as a verdict on a log nobody could load.
 */
function ConsoleFooter({
  actorRef,
  stage,
  step,
}: Pick<StepConsoleProps, 'stage' | 'step'> & { actorRef: ConsoleRef }) {
  const t = useT();
  const fetchError = useSelector(actorRef, selectFetchError);
  if (fetchError) return null;
  return (
    <Footer>
      <StatusIcon status={step.status} />
      <span data-testid="console-footer">
        <UserText>{footerText(step, stage, t)}</UserText>
      </span>
    </Footer>
  );
}

function ConsoleBody({
  actorRef,
  viewer,
  build,
  stage,
  step,
}: Omit<StepConsoleProps, 'repo'> & { actorRef: ConsoleRef; viewer: ViewerRef }) {
  const t = useT();
  const state = useSelector(actorRef, selectConsoleState);
  const lineCount = useSelector(actorRef, (snapshot) => selectLines(snapshot).length);
  const showAll = useSelector(actorRef, selectShowAll);
  const hasHidden = useSelector(viewer, selectTailStart) > 0 && !showAll;
  const realLineCount = useSelector(viewer, selectLineCount);
  const tailShown = useSelector(actorRef, selectTailShown);
  const fetchError = useSelector(actorRef, selectFetchError);
  const droppedOverlong = useSelector(actorRef, selectDroppedOverlong);
  const errorText = state === 'error' ? consoleErrorText(fetchError, step, t) : undefined;
  const findingError = useSelector(actorRef, selectFindingFirstError);
  const waiting =
    state === 'loading' || state === 'fetching' || state === 'stream_on' || findingError;

  if (state === 'idle') return <Body />;
  if (state === 'no_logs_available') {
    return (
      <Body>
        <Message>
          <UserText>{noLogsText(build, stage, step, t)}</UserText>
        </Message>
      </Body>
    );
  }
  return (
    <Body aria-busy={waiting}>
      {errorText ? (
        <ErrorText role="alert">
          <StatusIcon status="error" />
          <span>
            <UserText>{errorText}</UserText>
          </span>
          {fetchError ? (
            <Button size="small" onClick={() => actorRef.send({ type: 'log.retry' })}>
              {t('common.retry')}
            </Button>
          ) : null}
        </ErrorText>
      ) : null}
      {droppedOverlong ? (
        <ShowAll aria-live="polite" data-testid="console-overlong">
          {overlongText(t)}
        </ShowAll>
      ) : null}
      {hasHidden ? (
        <ShowAll>
          <span data-testid="console-tail">
            {tailShown ? tailReadingText(t) : tailText(realLineCount, t)}
          </span>
          <Button
            size="small"
            disabled={tailShown}
            onClick={() => actorRef.send({ type: 'log.showAll' })}
          >
            {t('console.showAll')}
          </Button>
        </ShowAll>
      ) : null}
      {/* Mounted as soon as the step streams, so its first lines only append (issue 18). */}
      {(lineCount > 0 && !findingError) || state === 'stream_on' ? (
        <LogList actorRef={actorRef} viewer={viewer} stepStarted={step.started ?? 0} />
      ) : null}
      {(waiting && lineCount === 0) || findingError ? <Loading /> : null}
      {state === 'fetching' && lineCount > 0 ? <Loading /> : null}
    </Body>
  );
}

const Frame = styled('section', {
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  borderRadius: '$2',
  overflow: 'hidden',
  backgroundColor: '$logBg',
  color: '$logText',
  border: '1px solid #30363d',
  // Focus lands here on a click into the log (for Ctrl+F); no ring for that.
  '&:focus': { outline: 'none' },
});

const Header = styled('header', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  minHeight: '44px',
  padding: '$2 $3',
  borderBottom: '1px solid #30363d',
});

const Title = styled('h3', {
  margin: 0,
  fontSize: '$2',
  fontWeight: 600,
  whiteSpace: 'nowrap',
});
const Controls = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: '$2',
});

const StageError = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $3',
  color: '#ffa198',
  borderBottom: '1px solid #30363d',
  overflowWrap: 'anywhere',
});

const Body = styled('div', {
  minHeight: '64px',
  '[role=status]': { color: '$logMuted' },
});

const Message = styled('p', { margin: 0, padding: '$4 $3', color: '$logMuted' });
// The danger colours of the dark theme, on the log background.
const ErrorText = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$2',
  margin: '$3',
  padding: '$2 $3',
  borderRadius: '$2',
  border: '1px solid #f85149',
  backgroundColor: 'rgba(248, 81, 73, 0.12)',
  color: '#ffa198',
  overflowWrap: 'anywhere',
  '& > button': { marginLeft: 'auto' },
});
const ShowAll = styled('div', {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '$3',
  padding: '$2 $3 0',
  color: '$logMuted',
  fontSize: '$1',
});

const Footer = styled('footer', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  minHeight: '40px',
  padding: '$2 $3',
  borderTop: '1px solid #30363d',
  color: '$logText',
  fontSize: '$1',
  overflowWrap: 'anywhere',
});
