import { Link } from 'wouter';
import type { Build, Repository } from '../../api/types';
import { elapsedSeconds, formatDuration, formatRelative, StatusIcon, useNow } from '../ui';
import { styled } from '../ui/theme';
import { activityOf } from './activity';

const List = styled('ul', {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  overflow: 'hidden',
  'li + li': { borderTop: '1px solid $border' },
});

const Row = styled(Link, {
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: '$3',
  padding: '$3 $4',
  color: '$text',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { backgroundColor: '$surfaceAlt' },
  '@mobile': { gridTemplateColumns: 'auto minmax(0, 1fr)' },
});

const Main = styled('span', {
  display: 'grid',
  minWidth: 0,
  gap: '2px',
  small: { color: '$textMuted', overflowWrap: 'anywhere' },
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

/** Builds, each a repository carrying one build, linking to /{slug}/{number}. */
export function FeedList({ label, items }: { label: string; items: Repository[] }) {
  return (
    <List aria-label={label}>
      {items.map((repo) =>
        repo.build ? (
          <li key={`${repo.slug}#${repo.build.number}`}>
            <FeedRow slug={repo.slug} build={repo.build} />
          </li>
        ) : null,
      )}
    </List>
  );
}

function FeedRow({ slug, build }: { slug: string; build: Build }) {
  const text = build.title || build.message;
  return (
    <Row href={`/${slug}/${build.number}`}>
      <StatusIcon status={build.status} />
      <Main>
        <Title>
          <strong>
            {slug} #{build.number}
          </strong>
          <span title={text}>{text}</span>
        </Title>
        <small>{activityOf(build)}</small>
      </Main>
      <BuildTimes build={build} />
    </Row>
  );
}

function BuildTimes({ build }: { build: Build }) {
  const now = useNow();
  const elapsed = elapsedSeconds(build.started, build.finished, now);
  return (
    <Times>
      {build.created ? <span>{formatRelative(build.created, now)}</span> : null}
      {build.started ? <span aria-label="Elapsed time">{formatDuration(elapsed)}</span> : null}
    </Times>
  );
}
