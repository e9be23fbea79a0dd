import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { useCurrentUser } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Page, PageHeader, useT } from '../ui';
import { RecentActivity } from './RecentActivity';
import { RepoList } from './RepoList';
import { SyncButton } from './SyncButton';
import { onDemand } from '../../boot/OnDemand';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/dashboard';

// Issue 31 part 3: below the list, loaded on demand.
const RepoHealthSection = onDemand(
  () => import('../insights/RepoHealthSection').then((m) => m.RepoHealthSection),
  null,
);

/** docs/spec.md 2.4: the home page of a signed-in user. */
export function DashboardPage() {
  const t = useT();
  usePageTitle(t('dashboard.title'));
  const user = useCurrentUser();
  const dashboard = useInspectedActorRef(dashboardMachine, {
    input: { syncing: user?.syncing === true },
  });
  return (
    <Page>
      <PageHeader>
        <h1>{t('dashboard.title')}</h1>
        <SyncButton dashboard={dashboard} />
      </PageHeader>
      <RecentActivity dashboard={dashboard} />
      <RepoList dashboard={dashboard} />
      <RepoHealthSection dashboard={dashboard} />
    </Page>
  );
}
