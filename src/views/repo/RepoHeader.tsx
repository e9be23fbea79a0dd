import type { Repository } from '../../api/types';
import { repoHref } from '../buildPage/paths';
import { Breadcrumbs, PageHeader, Tabs, UserText, type TabItem, useT } from '../ui';
import { NewBuild } from './NewBuild';
import '../../i18n/en/dashboard';
import '../../i18n/en/repo';

/** docs/spec.md 2.5: breadcrumb, name, New Build (active repository and write access), and the tabs. */
export function RepoHeader({ repo, canWrite }: { repo: Repository; canWrite: boolean }) {
  const t = useT();
  const base = repoHref(repo);
  // Repository navigation is enabled only while the repository is active.
  const disabled = !repo.active;
  const tabs: TabItem[] = [
    { label: t('repo.tabs.builds'), href: base, disabled },
    { label: t('repo.tabs.branches'), href: `${base}/branches`, disabled },
    { label: t('repo.tabs.pulls'), href: `${base}/pulls`, disabled },
    { label: t('repo.tabs.deployments'), href: `${base}/deployments`, disabled },
    { label: t('repo.tabs.insights'), href: `${base}/insights`, disabled },
  ];
  if (canWrite)
    tabs.push({
      label: t('repo.tabs.settings'),
      href: `${base}/settings`,
      match: `${base}/settings/*`,
    });

  return (
    <>
      <Breadcrumbs
        items={[{ label: t('dashboard.repositories'), href: '/' }, { label: repo.namespace }]}
      />
      <PageHeader css={{ marginTop: '$2' }}>
        <h1>
          <UserText>{repo.name}</UserText>
        </h1>
        {repo.active && canWrite ? <NewBuild repo={repo} /> : null}
      </PageHeader>
      <Tabs items={tabs} label={t('repo.tabs.label')} />
    </>
  );
}
