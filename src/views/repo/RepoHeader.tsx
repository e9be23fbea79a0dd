import type { Repository } from '../../api/types';
import { repoHref } from '../build/paths';
import { Breadcrumbs, PageHeader, Tabs, UserText, type TabItem } from '../ui';
import { NewBuild } from './NewBuild';

/** docs/spec.md 2.5: breadcrumb, name, New Build (active repository and write access), and the tabs. */
export function RepoHeader({ repo, canWrite }: { repo: Repository; canWrite: boolean }) {
  const base = repoHref(repo);
  // Repository navigation is enabled only while the repository is active.
  const disabled = !repo.active;
  const tabs: TabItem[] = [
    { label: 'Builds', href: base, disabled },
    { label: 'Branches', href: `${base}/branches`, disabled },
    { label: 'Deployments', href: `${base}/deployments`, disabled },
  ];
  if (canWrite)
    tabs.push({ label: 'Settings', href: `${base}/settings`, match: `${base}/settings/*` });

  return (
    <>
      <Breadcrumbs items={[{ label: 'Repositories', href: '/' }, { label: repo.namespace }]} />
      <PageHeader css={{ marginTop: '$2' }}>
        <h1>
          <UserText>{repo.name}</UserText>
        </h1>
        {repo.active && canWrite ? <NewBuild repo={repo} /> : null}
      </PageHeader>
      <Tabs items={tabs} label="Repository" />
    </>
  );
}
