import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  buildsFeedMachine,
  selectBuilds,
  selectFeedError,
  selectIsFeedLoading,
  selectIsRunningLoading,
  selectRunning,
  selectRunningError,
  selectShowsRunning,
} from '../../machines/feed/buildsFeed.machine';
import { useCurrentUser } from '../shell/session';
import { usePageTitle } from '../shell/title';
import {
  Button,
  EmptyState,
  Loading,
  Notice,
  Page,
  PageHeader,
  SectionTitle,
  UserText,
  useT,
} from '../ui';
import { FeedList } from './FeedList';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/feed';

type FeedRef = ActorRefFrom<typeof buildsFeedMachine>;

/** The newest builds across the user's repositories, live; administrators also see what runs. */
export function BuildsFeedPage() {
  const t = useT();
  usePageTitle(t('feed.title'));
  const user = useCurrentUser();
  const feed = useInspectedActorRef(buildsFeedMachine, {
    input: { isAdmin: user?.admin === true },
  });
  const showsRunning = useSelector(feed, selectShowsRunning);
  return (
    <Page>
      <PageHeader>
        <h1>{t('feed.title')}</h1>
      </PageHeader>
      {showsRunning ? <RunningNow feed={feed} /> : null}
      <RecentBuilds feed={feed} />
    </Page>
  );
}

function RunningNow({ feed }: { feed: FeedRef }) {
  const t = useT();
  const running = useSelector(feed, selectRunning);
  const loading = useSelector(feed, selectIsRunningLoading);
  const error = useSelector(feed, selectRunningError);
  let body;
  if (error)
    body = (
      <Notice tone="danger">
        <UserText>{error || t('messages.unknownError')}</UserText>
      </Notice>
    );
  else if (loading && running.length === 0) body = <Loading />;
  else if (running.length === 0) body = <Notice>{t('feed.noneRunning')}</Notice>;
  else body = <FeedList label={t('feed.runningNow')} items={running} />;
  return (
    <section aria-labelledby="running-now" style={{ marginBottom: 24 }}>
      <SectionTitle id="running-now">{t('feed.runningNow')}</SectionTitle>
      {body}
    </section>
  );
}

function RecentBuilds({ feed }: { feed: FeedRef }) {
  const t = useT();
  const builds = useSelector(feed, selectBuilds);
  const loading = useSelector(feed, selectIsFeedLoading);
  const error = useSelector(feed, selectFeedError);
  let body;
  if (error) {
    body = (
      <Notice tone="danger" role="alert">
        <span style={{ flex: 1 }}>
          <UserText>{error || t('messages.unknownError')}</UserText>
        </span>
        <Button size="small" onClick={() => feed.send({ type: 'feed.reload' })}>
          {t('common.retry')}
        </Button>
      </Notice>
    );
  } else if (loading && builds.length === 0) body = <Loading label={t('feed.loading')} />;
  else if (builds.length === 0) {
    body = <EmptyState title={t('feed.empty')}>{t('feed.emptyText')}</EmptyState>;
  } else body = <FeedList label={t('feed.recentBuilds')} items={builds} />;
  return (
    <section aria-labelledby="recent-builds">
      <SectionTitle id="recent-builds">{t('feed.recentBuilds')}</SectionTitle>
      {body}
    </section>
  );
}
