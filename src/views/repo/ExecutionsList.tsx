import { Link } from 'wouter';
import type { Build, Repository } from '../../api/types';
import { buildHref } from '../buildPage/paths';
import {
  Avatar,
  DebugBadge,
  SectionTitle,
  StatusIcon,
  elapsedSeconds,
  formatDate,
  formatDuration,
  formatRelative,
  isoDate,
  isTimeSet,
  useNow,
  UserText,
  useT,
  type TFunction,
} from '../ui';
import { LinkList } from '../ui/LinkList';
import { styled } from '../ui/theme';
import { activityAvatar, activityText } from './activity';
import '../../i18n/en/feed';
import '../../i18n/en/repo';
import { threeLinesAtMost } from '../ui/clamp';

export const RowLink = styled(Link, {
  display: 'grid',
  gridTemplateColumns: '56px 24px minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 $4',
  color: '$text',
  textDecoration: 'none',
  '&:hover': { backgroundColor: '$surfaceAlt' },
  '@mobile': { gridTemplateColumns: '44px 24px minmax(0, 1fr)' },
});

const BuildNumber = styled('span', { fontWeight: 600, color: '$textMuted' });

const Main = styled('span', {
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  strong: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const Headline = styled('span', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  minWidth: 0,
  // The headline gives way (ellipsis) to the badge, however long the message.
  '& > strong': { minWidth: 0 },
  '& > span': { flexShrink: 0 },
});

/** 100 KB author and branch names keep the row to three lines (issue 28 item 11). */
const ActivityText = styled('span', threeLinesAtMost);

const Activity = styled('span', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  color: '$textMuted',
  fontSize: '$1',
  overflowWrap: 'anywhere',
});

const Times = styled('span', {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-end',
  color: '$textMuted',
  fontSize: '$1',
  whiteSpace: 'nowrap',
  '@mobile': { gridColumn: '3', alignItems: 'flex-start', flexDirection: 'row', gap: '$3' },
});

/** The first line of the commit message when the build has no title. */
export const headline = (build: Build, t: TFunction) =>
  (build.title || build.message || '').split('\n')[0]?.trim() ||
  t('repo.buildNumber', { number: build.number });

/** Ticks every second on its own, so only this text re-renders while a build runs. */
function BuildTimes({ build }: { build: Build }) {
  const t = useT();
  const now = useNow();
  return (
    <Times>
      <time dateTime={isoDate(build.created)} title={formatDate(build.created)}>
        {formatRelative(build.created, now)}
      </time>
      <span aria-label={t('feed.elapsed')}>
        {isTimeSet(build.started)
          ? formatDuration(elapsedSeconds(build.started, build.finished, now))
          : '-'}
      </span>
    </Times>
  );
}

function ExecutionRow({ repo, build }: { repo: Repository; build: Build }) {
  const t = useT();
  return (
    <li data-testid="execution" data-number={build.number} data-status={build.status}>
      <RowLink href={buildHref(repo, build.number)}>
        <BuildNumber>#{build.number}</BuildNumber>
        <StatusIcon status={build.status} />
        <Main>
          <Headline>
            <strong>
              <UserText>{headline(build, t)}</UserText>
            </strong>
            {build.debug ? <DebugBadge /> : null}
          </Headline>
          <Activity>
            <Avatar {...activityAvatar(build, t)} size={18} />
            <ActivityText>
              <UserText>{activityText(build, t)}</UserText>
            </ActivityText>
          </Activity>
        </Main>
        <BuildTimes build={build} />
      </RowLink>
    </li>
  );
}

/** docs/spec.md 2.6: number, status, title or message, activity, relative created time, elapsed time. */
export function ExecutionsList({ repo, builds }: { repo: Repository; builds: Build[] }) {
  const t = useT();
  return (
    <section aria-labelledby="executions-title">
      <SectionTitle id="executions-title">{t('repo.executions')}</SectionTitle>
      <LinkList as="ol">
        {builds.map((build) => (
          <ExecutionRow key={build.number} repo={repo} build={build} />
        ))}
      </LinkList>
    </section>
  );
}
