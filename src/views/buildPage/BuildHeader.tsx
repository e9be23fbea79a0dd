import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Build } from '../../api/types';
import { type BuildView } from '../../machines/buildPage/buildPage.machine';
import { isRestart } from '../../machines/insights/restart';
import {
  hasWriteAccess,
  selectBuild,
  selectHasCards,
  selectPageState,
  selectRepo,
  selectRoute,
} from '../../machines/buildPage/buildPage.selectors';
import { activityAvatar, activityText } from '../repo/activity';
import { NotificationsBell } from '../shell/NotificationsHost';
import { useCurrentUser } from '../shell/session';
import {
  Avatar,
  Breadcrumbs,
  Button,
  DebugBadge,
  formatRelative,
  isTimeSet,
  StatusBadge,
  styled,
  useDateTitle,
  useNow,
  UserText,
  useT,
} from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { code } from '../../boot/code';
import { onDemand } from '../../boot/OnDemand';
import type { BuildPageRef } from './BuildPage';
import { shownControls } from './buildActions';
import { Elapsed } from './Elapsed';
import { Extra } from './extras';
import { repoHref, viewHref } from './paths';
import { threeLinesAtMost } from '../ui/clamp';

type RepoRef = { namespace: string; name: string };

// docs/issues.md issue 18: the build's controls (Cancel; Restart, Promote and Debug in a menu),
// with their machines and the menu button, are not needed for the page's first lines: their code
// loads when the header shows them. Meanwhile their button's room is kept (ControlsPlaceholder),
// so the title row neither grows nor wraps differently when they arrive.
const controlsCode = code(() => import('./BuildControls').then((m) => m.BuildControls), {
  afterFirstScreen: true,
});
const BuildControls = onDemand(controlsCode, ControlsPlaceholder);

/** docs/spec.md 2.9 header: breadcrumbs, view toggles, status, title, activity line and controls. */
export function BuildHeader({ pageRef, repo }: { pageRef: BuildPageRef; repo: RepoRef }) {
  const t = useT();
  const build = useSelector(pageRef, selectBuild);
  const route = useSelector(pageRef, selectRoute);
  const state = useSelector(pageRef, selectPageState);
  const hasCards = useSelector(pageRef, selectHasCards);
  const repository = useSelector(pageRef, selectRepo);
  const user = useCurrentUser();
  const showCancelled = useCallback(
    (cancelled: Build) => pageRef.send({ type: 'build.received', build: cancelled }),
    [pageRef],
  );
  const reload = useCallback(() => pageRef.send({ type: 'build.reload' }), [pageRef]);
  const canWrite = hasWriteAccess(repository, user);
  const blocked = state === 'blocked';
  const controls = build ? shownControls(build, { canWrite, blocked }) : null;
  const showControls = Boolean(controls?.cancel || controls?.menu);

  return (
    <Header>
      <TopRow>
        <Breadcrumbs
          items={[
            { label: t('repo.tabs.builds'), href: repoHref(repo) },
            { label: `#${route.build}` },
          ]}
        />
        {build && state !== 'error' ? (
          <TopTools>
            {user ? <NotificationsBell /> : null}
            <ViewToggles current={route.view} hasCards={hasCards} />
          </TopTools>
        ) : null}
      </TopRow>
      {build ? (
        <TitleRow>
          <span data-testid="build-status">
            <StatusBadge status={build.status} />
          </span>
          {build.debug ? <DebugBadge /> : null}
          <BuildHeadline text={build.title || firstLine(build.message)} />
          {/* Once their code is here they stay mounted, showing nothing when there is nothing to
              show, as they always did: the answer to a Cancel may come after the build has
              finished, and is still shown. */}
          {showControls || controlsCode.loaded ? (
            <BuildControls
              key={build.number}
              repo={repo}
              build={build}
              canWrite={canWrite}
              blocked={blocked}
              onCancelled={showCancelled}
              onStale={reload}
            />
          ) : null}
        </TitleRow>
      ) : null}
      {build ? (
        <ActivityRow>
          <ActivityLine build={build} />
          {isRestart(build) ? null : (
            <InlineAttempts>
              <Extra part="attempts" repo={repo} build={build} />
            </InlineAttempts>
          )}
        </ActivityRow>
      ) : null}
      {build && isRestart(build) ? (
        <AttemptsRoom>
          <Extra part="attempts" repo={repo} build={build} />
        </AttemptsRoom>
      ) : null}
    </Header>
  );
}

const firstLine = (text: string) => text.split('\n')[0] ?? '';

/** Longer than this, the headline is clamped to three lines with 'Show all' beside it. */
export const HEADLINE_CLAMP_CHARS = 160;
/** What a clamped headline renders at most: three lines never need more, however wide. */
const CLAMPED_CHARS = 1000;

/**
 * The build's title or first message line. A long one (a 100 KB one-line commit message) is
 * clamped to three lines, and 'Show all' reveals the rest; whether it is open is presentation
 * state of this element, like a disclosure's.
 */
function BuildHeadline({ text }: { text: string }) {
  const t = useT();
  const [expanded, setExpanded] = useState(false);
  const long = text.length > HEADLINE_CLAMP_CHARS;
  const clamped = long && !expanded;
  return (
    <TitleBox>
      <Title data-clamped={clamped} id="build-headline">
        <UserText>{clamped ? `${text.slice(0, CLAMPED_CHARS)}…` : text}</UserText>
      </Title>
      {long ? (
        <Button
          size="small"
          variant="ghost"
          aria-expanded={expanded}
          aria-controls="build-headline"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('build.header.showLess') : t('build.header.showAll')}
        </Button>
      ) : null}
    </TitleBox>
  );
}

const VIEWS: BuildView[] = ['log', 'graph', 'card', 'compare'];

function ViewToggles({ current, hasCards }: { current: BuildView; hasCards: boolean }) {
  const t = useT();
  const [path] = useLocation();
  return (
    <Toggles aria-label={t('build.header.views')}>
      {VIEWS.filter((view) => view !== 'card' || hasCards).map((view) => (
        <Toggle
          key={view}
          href={viewHref(path, view)}
          aria-current={view === current ? 'page' : undefined}
        >
          {t(`build.header.view.${view}`)}
        </Toggle>
      ))}
    </Toggles>
  );
}

function ActivityLine({ build }: { build: Build }) {
  const t = useT();
  const now = useNow();
  // When the build was created, as the executions list shows it: a blocked build has no start
  // time yet, and taking `started` once it runs made the time jump at approval (issue 17).
  const when = isTimeSet(build.created) ? build.created : build.started;
  const title = useDateTitle(when);
  const duration = (
    <Elapsed status={build.status} started={build.started} stopped={build.finished} />
  );
  return (
    <Activity>
      <Avatar {...activityAvatar(build, t)} size={20} />
      <ActivityText title={showInvisibles(activityText(build, t))}>
        <UserText>{activityText(build, t)}</UserText>
      </ActivityText>
      {isTimeSet(when) ? (
        <>
          <Dot aria-hidden="true">·</Dot>
          <span title={title}>{formatRelative(when, now)}</span>
        </>
      ) : null}
      {isTimeSet(build.started) ? (
        <>
          <Dot aria-hidden="true">·</Dot>
          {duration}
        </>
      ) : null}
    </Activity>
  );
}

const Header = styled('header', {
  display: 'flex',
  flexDirection: 'column',
  gap: '$2',
  marginBottom: '$4',
});

const TopRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  flexWrap: 'wrap',
});

const TopTools = styled('div', {
  display: 'flex',
  // As tall as the Notify me button, which arrives after the first lines: the page stays put.
  minHeight: 32,
  maxWidth: '100%',
  alignItems: 'center',
  gap: '$2',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});

// "attempt 2 of 3" (AttemptNav.tsx) arrives with the history, after the first lines. A restart
// (it has a `parent`) keeps its line's room meanwhile, so they stay put. A first attempt is known
// to have been restarted only from the history: its "attempt 1 of 3" ends the activity line, where
// a desktop has room for it, rather than pushing the page down 29 px on a line of its own.
const AttemptsRoom = styled('div', { '&:empty': { height: 21 } });

const ActivityRow = styled('div', {
  display: 'flex',
  flexWrap: 'nowrap',
  alignItems: 'center',
  columnGap: '$4',
  rowGap: '$2',
  '@mobile': { flexWrap: 'wrap' },
});

/**
 * A first attempt's "attempt 1 of 3", known only once the history has answered: one line that
 * gives way first and scrolls sideways where the row has no room for it, rather than a line of
 * its own that moved the log down (26 px at 800 px, issue 32). A phone's header wraps.
 */
const InlineAttempts = styled('span', {
  minWidth: 0,
  overflowX: 'auto',
  scrollbarWidth: 'none',
  whiteSpace: 'nowrap',
  '& > *': { width: 'max-content' },
});

const TitleRow = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$3',
  flexWrap: 'wrap',
});

/**
 * Until the controls' code arrives: their button, unseen and out of reach, in the boxes
 * BuildControls.tsx puts it in, so the title row has the height, and wraps where, it will have.
 */
function ControlsPlaceholder({
  build,
  canWrite,
  blocked,
}: {
  build: Build;
  canWrite: boolean;
  blocked: boolean;
}) {
  const t = useT();
  const { cancel } = shownControls(build, { canWrite, blocked });
  return (
    <Unseen aria-hidden="true">
      {cancel ? (
        <Button tabIndex={-1}>{t('common.cancel')}</Button>
      ) : (
        // The menu button's own box (views/ui/MenuButton.tsx).
        <div>
          <Button tabIndex={-1}>{t('build.actions.menu')}</Button>
        </div>
      )}
    </Unseen>
  );
}

/**
 * BuildControls.tsx's bar, not seen. Transparent rather than hidden: a pointer over it loads the
 * controls at once (boot/OnDemand.tsx), and a hidden box takes no pointer.
 */
const Unseen = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  opacity: 0,
});

const TitleBox = styled('div', {
  flex: 1,
  minWidth: '200px',
  // On a phone the title has a line of its own, under the status (issue 29 item 11).
  '@mobile': { flexBasis: '100%' },
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '$1',
});

const Title = styled('h1', {
  margin: 0,
  fontSize: '$5',
  overflowWrap: 'anywhere',
  maxWidth: '100%',
  '&[data-clamped="true"]': {
    display: '-webkit-box',
    WebkitLineClamp: 3,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
});

const Activity = styled('p', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  flexWrap: 'wrap',
  margin: 0,
  color: '$textMuted',
  // Beside a first attempt's line (InlineAttempts) it keeps its width, wrapping only where the
  // row is narrower than it: shrunk by a fraction of a pixel, its last part took a line of its own.
  flexShrink: 0,
  maxWidth: '100%',
});

/** Who did what to which branch, names of any length included; the whole line is its tooltip. */
const ActivityText = styled('span', threeLinesAtMost);

const Dot = styled('span', { color: '$textMuted' });

// A label never wraps; a screen too narrow for the four scrolls them in the group's own box.
const Toggles = styled('nav', {
  display: 'inline-flex',
  maxWidth: '100%',
  border: '1px solid $border',
  borderRadius: '$2',
  overflowX: 'auto',
  backgroundColor: '$surface',
});

const Toggle = styled(Link, {
  whiteSpace: 'nowrap',
  padding: '$1 $3',
  '@mobile': { padding: '$1 $2' },
  color: '$textMuted',
  textDecoration: 'none',
  fontSize: '$2',
  '& + &': { borderLeft: '1px solid $border' },
  '&:hover': { color: '$text', backgroundColor: '$surfaceAlt' },
  '&[aria-current="page"]': { color: '$primaryText', backgroundColor: '$primary' },
});
