import { useSelector } from '@xstate/react';
import { Redirect, useParams, useRoute } from 'wouter';
import type { RepoRef } from '../../api/repos';
import {
  repoMachine,
  selectIsNotFound,
  selectLoadError,
  selectRepo,
} from '../../machines/repo/repo.machine';
import { hasWriteAccess } from '../../machines/buildPage/buildPage.selectors';
import { repoHref } from '../buildPage/paths';
import { NotFoundPage } from '../shell/NotFound';
import { useCurrentUser, useSessionState } from '../shell/session';
import { usePageTitle } from '../shell/title';
import { onDemand } from '../../boot/OnDemand';
import { LoadFailed, Loading, Page, useT } from '../ui';
import { BuildIndexTab } from './BuildIndexTab';
import { BuildsTab } from './BuildsTab';
import { repoPattern, repoSettingsPattern } from './params';
import { RepoHeader } from './RepoHeader';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/repo';

type RepoTab = 'builds' | 'branches' | 'deployments' | 'pulls' | 'insights' | 'settings';

// Settings load when visited (issue 18: the first screen's JS stays small).
const RepoSettings = onDemand(() => import('../settings/RepoSettings').then((m) => m.RepoSettings));
const InsightsTab = onDemand(() => import('../insights/InsightsTab').then((m) => m.InsightsTab));

/** Which of the four routes that render this page matched, and the settings section if any. */
function useRepoTab(): { tab: RepoTab; section: string } {
  const [isBranches] = useRoute(repoPattern('/branches'));
  const [isDeployments] = useRoute(repoPattern('/deployments'));
  const [isPulls] = useRoute(repoPattern('/pulls'));
  const [isInsights] = useRoute(repoPattern('/insights'));
  const [isSettings, settingsParams] = useRoute(repoSettingsPattern);
  if (isSettings) {
    const section = (settingsParams as { section?: string }).section ?? '';
    return { tab: 'settings', section: section.replace(/^\//, '') };
  }
  if (isBranches) return { tab: 'branches', section: '' };
  if (isDeployments) return { tab: 'deployments', section: '' };
  if (isPulls) return { tab: 'pulls', section: '' };
  if (isInsights) return { tab: 'insights', section: '' };
  return { tab: 'builds', section: '' };
}

/** docs/spec.md 2.5-2.8, 2.12: /{namespace}/{name}, /branches, /deployments and /settings(/section). */
export function RepoPage() {
  const params = useParams<{ namespace?: string; name?: string }>();
  const ref = { namespace: params.namespace ?? '', name: params.name ?? '' };
  // A different repository is a different page: fresh machines, nothing carried over.
  return <RepoScreen key={`${ref.namespace}/${ref.name}`} repoRef={ref} />;
}

function RepoScreen({ repoRef }: { repoRef: RepoRef }) {
  const repoActor = useInspectedActorRef(repoMachine, { input: { ref: repoRef } });
  const repo = useSelector(repoActor, selectRepo);
  const notFound = useSelector(repoActor, selectIsNotFound);
  const loadError = useSelector(repoActor, selectLoadError);
  const user = useCurrentUser();
  const sessionState = useSessionState();
  const { tab, section } = useRepoTab();
  const slug = `${repoRef.namespace}/${repoRef.name}`;
  // docs/spec.md 2.1: the settings title has its own format; the other tabs use '{page} - Drone'.
  const t = useT();
  usePageTitle(tab === 'settings' ? t('repo.settingsTitle', { slug }) : slug, tab === 'settings');

  if (notFound) return <NotFoundPage />;
  if (loadError) {
    return (
      <Page>
        <LoadFailed message={loadError} onRetry={() => repoActor.send({ type: 'repo.reload' })} />
      </Page>
    );
  }
  if (!repo) {
    return (
      <Page>
        <Loading />
      </Page>
    );
  }
  const base = repoHref(repoRef);
  // docs/spec.md 2.6-2.8: an inactive repository has only its settings (where it can be activated).
  if (!repo.active && tab !== 'settings') return <Redirect to={`${base}/settings`} replace />;

  // docs/spec.md 6: write permission on the repository, or a system administrator.
  const canWrite = hasWriteAccess(repo, user);
  // docs/spec.md 2.5, 6: an active repository's settings are for writers and admins only. Anyone else
  // (signed out, read-only) gets the not-found page, never a form they cannot save; the inactive
  // repository's notice stays for everyone. A system admin's rights are known once the session is.
  if (tab === 'settings' && repo.active && !canWrite) {
    return sessionState === 'loading' ? (
      <Page>
        <Loading />
      </Page>
    ) : (
      <NotFoundPage />
    );
  }
  return (
    <Page>
      <RepoHeader repo={repo} canWrite={canWrite} />
      {tab === 'builds' ? <BuildsTab repo={repo} /> : null}
      {tab === 'branches' ? (
        <BuildIndexTab repo={repo} kind="branches" canWrite={canWrite} />
      ) : null}
      {tab === 'pulls' ? <BuildIndexTab repo={repo} kind="pulls" /> : null}
      {tab === 'deployments' ? <BuildIndexTab repo={repo} kind="deployments" /> : null}
      {tab === 'insights' ? <InsightsTab repo={repo} /> : null}
      {tab === 'settings' ? (
        <RepoSettings
          repo={repo}
          section={section}
          onRepoChanged={(changed) => repoActor.send({ type: 'repo.changed', repo: changed })}
        />
      ) : null}
    </Page>
  );
}
