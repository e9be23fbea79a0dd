import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import { useCurrentUser } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { Page, PageHeader } from '../ui';
import { RecentActivity } from './RecentActivity';
import { RepoList } from './RepoList';
import { SyncButton } from './SyncButton';
import { useInspectedActorRef } from '../useInspectedActorRef';

/** docs/spec.md 2.4: the home page of a signed-in user. */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const user = useCurrentUser();
  const dashboard = useInspectedActorRef(dashboardMachine, {
    input: { syncing: user?.syncing === true },
  });
  return (
    <Page>
      <PageHeader>
        <h1>Dashboard</h1>
        <SyncButton dashboard={dashboard} />
      </PageHeader>
      <RecentActivity dashboard={dashboard} />
      <RepoList dashboard={dashboard} />
    </Page>
  );
}
