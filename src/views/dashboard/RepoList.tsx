import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { Repository } from '../../api/types';
import { config } from '../../config';
import {
  selectError,
  selectHasMore,
  selectIsEmpty,
  selectIsLoading,
  selectVisibleRepos,
  type dashboardMachine,
} from '../../machines/dashboard/dashboard.machine';
import {
  Button,
  EmptyState,
  Loading,
  Notice,
  SectionTitle,
  StatusIcon,
  RelativeTime,
  UserText,
  useT,
} from '../ui';
import { LinkList, LinkListRow } from '../ui/LinkList';
import { styled } from '../ui/theme';
import { RepoFilters } from './RepoFilters';
import { repoHref } from './repoLinks';
import '../../i18n/en/dashboard';
import '../../i18n/en/lists';

type DashboardRef = ActorRefFrom<typeof dashboardMachine>;

const Name = styled('span', {
  display: 'grid',
  minWidth: 0,
  strong: { overflowWrap: 'anywhere' },
  small: {
    color: '$textMuted',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

const Aside = styled('span', {
  color: '$textMuted',
  fontSize: '$1',
  textAlign: 'right',
  '@mobile': { gridColumn: '2', textAlign: 'left' },
});

const More = styled('div', { display: 'flex', justifyContent: 'center', marginTop: '$3' });

/** docs/spec.md 2.4: the 'Repositories' list with its filters, 50 at a time. */
export function RepoList({ dashboard }: { dashboard: DashboardRef }) {
  const t = useT();
  const empty = useSelector(dashboard, selectIsEmpty);
  return (
    <section aria-labelledby="repositories">
      <SectionTitle id="repositories">{t('dashboard.repositories')}</SectionTitle>
      {/* Nothing to filter in an empty list. */}
      {empty ? null : <RepoFilters dashboard={dashboard} />}
      <RepoListBody dashboard={dashboard} />
    </section>
  );
}

function RepoListBody({ dashboard }: { dashboard: DashboardRef }) {
  const t = useT();
  const error = useSelector(dashboard, selectError);
  const loading = useSelector(dashboard, selectIsLoading);
  const empty = useSelector(dashboard, selectIsEmpty);
  const repos = useSelector(dashboard, selectVisibleRepos);
  const hasMore = useSelector(dashboard, selectHasMore);

  if (error) {
    return (
      <Notice tone="danger" role="alert">
        <span style={{ flex: 1 }}>
          <UserText>{error || t('messages.unknownError')}</UserText>
        </span>
        <Button size="small" onClick={() => dashboard.send({ type: 'repos.reload' })}>
          {t('common.retry')}
        </Button>
      </Notice>
    );
  }
  if (loading) return <Loading label={t('dashboard.loading')} />;
  if (empty) {
    return (
      <EmptyState title={t('dashboard.empty')}>
        {t('dashboard.emptyText', { product: config.productName })}
      </EmptyState>
    );
  }
  if (repos.length === 0) return <Notice>{t('dashboard.noMatch')}</Notice>;
  return (
    <>
      <LinkList aria-label={t('dashboard.repositories')}>
        {repos.map((repo) => (
          <li key={repo.id}>
            <RepoItem repo={repo} />
          </li>
        ))}
      </LinkList>
      {hasMore ? (
        <More>
          <Button onClick={() => dashboard.send({ type: 'repos.showMore' })}>
            {t('common.showMore')}
          </Button>
        </More>
      ) : null}
    </>
  );
}

function RepoItem({ repo }: { repo: Repository }) {
  const t = useT();
  const { build } = repo;
  const status = repo.active && build ? build.status : 'inactive';
  return (
    <LinkListRow href={repoHref(repo)}>
      <StatusIcon status={status} />
      <Name>
        <strong>
          <UserText>{repo.slug}</UserText>
        </strong>
        {build ? (
          <small>
            #{build.number} <UserText>{build.title || build.message}</UserText>
          </small>
        ) : null}
      </Name>
      <Aside>
        {!repo.active ? (
          t('dashboard.inactive')
        ) : build ? (
          <RelativeTime unixSeconds={build.created} />
        ) : null}
      </Aside>
    </LinkListRow>
  );
}
