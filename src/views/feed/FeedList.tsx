import type { Build, Repository } from '../../api/types';
import { buildHref } from '../buildPage/paths';
import {
  elapsedSeconds,
  formatDuration,
  RelativeTime,
  StatusIcon,
  useNow,
  UserText,
  useT,
} from '../ui';
import { LinkList, LinkListRow } from '../ui/LinkList';
import { showInvisibles } from '../../text/invisibles';
import { styled } from '../ui/theme';
import { activityOf } from './activity';
import '../../i18n/en/feed';
import { threeLinesAtMost } from '../ui/clamp';

const Main = styled('span', {
  display: 'grid',
  minWidth: 0,
  gap: '2px',
  // Who did what to which branch: 100 KB names keep the row to three lines (issue 28 item 11).
  small: { color: '$textMuted', ...threeLinesAtMost },
});

const Title = styled('span', {
  display: 'flex',
  gap: '$2',
  minWidth: 0,
  strong: { flexShrink: 0 },
  span: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

const Times = styled('span', {
  display: 'grid',
  justifyItems: 'end',
  color: '$textMuted',
  fontSize: '$1',
  '@mobile': { gridColumn: '2', justifyItems: 'start' },
});

/** Builds, each a repository carrying one build, linking to /{namespace}/{name}/{number}. */
export function FeedList({ label, items }: { label: string; items: Repository[] }) {
  return (
    <LinkList aria-label={label}>
      {items.map((repo) =>
        repo.build ? (
          <li key={`${repo.slug}#${repo.build.number}`}>
            <FeedRow repo={repo} build={repo.build} />
          </li>
        ) : null,
      )}
    </LinkList>
  );
}

function FeedRow({ repo, build }: { repo: Repository; build: Build }) {
  const t = useT();
  const text = build.title || build.message;
  return (
    <LinkListRow href={buildHref(repo, build.number)}>
      <StatusIcon status={build.status} />
      <Main>
        <Title>
          <strong>
            <UserText>{repo.slug}</UserText> #{build.number}
          </strong>
          <span title={showInvisibles(text)}>
            <UserText>{text}</UserText>
          </span>
        </Title>
        <small>
          <UserText>{activityOf(build, t)}</UserText>
        </small>
      </Main>
      <BuildTimes build={build} />
    </LinkListRow>
  );
}

function BuildTimes({ build }: { build: Build }) {
  const t = useT();
  const now = useNow();
  const elapsed = elapsedSeconds(build.started, build.finished, now);
  return (
    <Times>
      <RelativeTime unixSeconds={build.created} />
      {build.started ? <span aria-label={t('feed.elapsed')}>{formatDuration(elapsed)}</span> : null}
    </Times>
  );
}
