import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { Repository } from '../../api/types';
import {
  selectRecentActivity,
  type dashboardMachine,
} from '../../machines/dashboard/dashboard.machine';
import { RelativeTime, SectionTitle, StatusIcon, UserText, useT } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { styled } from '../ui/theme';
import { repoHref } from './repoLinks';
import '../../i18n/en/dashboard';

const Grid = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $5',
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
  gap: '$3',
});

const CardLink = styled(Link, {
  display: 'grid',
  gap: '$1',
  height: '100%',
  padding: '$3 $4',
  backgroundColor: '$surface',
  border: '1px solid $border',
  borderRadius: '$3',
  color: '$text',
  textDecoration: 'none',
  '&:hover, &:focus-visible': { borderColor: '$primary' },
});

const Top = styled('span', { display: 'flex', alignItems: 'center', gap: '$2', minWidth: 0 });
const Slug = styled('strong', {
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const Message = styled('span', {
  color: '$textMuted',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
const Meta = styled('span', { display: 'flex', gap: '$2', color: '$textMuted', fontSize: '$1' });

/** docs/spec.md 2.4: up to 6 repositories with a latest build, newest activity first. */
export function RecentActivity({
  dashboard,
}: {
  dashboard: ActorRefFrom<typeof dashboardMachine>;
}) {
  const t = useT();
  const repos = useSelector(dashboard, selectRecentActivity);
  if (repos.length === 0) return null;
  return (
    <section aria-labelledby="recent-activity">
      <SectionTitle id="recent-activity">{t('dashboard.recentActivity')}</SectionTitle>
      <Grid>
        {repos.map((repo) => (
          <li key={repo.id}>
            <ActivityCard repo={repo} />
          </li>
        ))}
      </Grid>
    </section>
  );
}

function ActivityCard({ repo }: { repo: Repository }) {
  const build = repo.build!;
  return (
    <CardLink href={repoHref(repo)}>
      <Top>
        <StatusIcon status={build.status} />
        <Slug title={showInvisibles(repo.slug)}>
          <UserText>{repo.slug}</UserText>
        </Slug>
      </Top>
      <Message title={showInvisibles(build.title || build.message)}>
        <UserText>{build.title || build.message}</UserText>
      </Message>
      <Meta>
        <span>#{build.number}</span>
        <RelativeTime unixSeconds={build.created} />
      </Meta>
    </CardLink>
  );
}
