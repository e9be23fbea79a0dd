import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Repository } from '../../api/types';
import {
  repoSettingsMachine,
  selectCanActivate,
  selectIsActivating,
  selectIsActive,
  selectRepo,
} from '../../machines/settings/repoSettings.machine';
import type { RepoSettingsProps } from '../repo/types';
import { useCurrentUser } from '../shell/session';
import { Button, Card, EmptyState, useT } from '../ui';
import { styled } from '../ui/theme';
import { BadgesSettings } from './BadgesSettings';
import { CronSettings } from './CronSettings';
import { GeneralSettings } from './GeneralSettings';
import { ProblemMatchersSettings } from './ProblemMatchersSettings';
import { SettingsNav, SETTINGS_SECTIONS, type SettingsSection } from './SettingsNav';
import { OrgSecretsSettings, RepoSecretsSettings } from './SecretsSettings';
import { TemplatesSettings } from './TemplatesSettings';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/settings';

// docs/spec.md 2.12 / 4.6: the Settings tab of a repository. RepoPage renders the header and tabs
// (and the 'Settings - {namespace}/{name}' title); this is everything below them.

type SettingsActor = ActorRefFrom<typeof repoSettingsMachine>;

const Layout = styled('div', {
  display: 'grid',
  gridTemplateColumns: '200px minmax(0, 1fr)',
  gap: '$5',
  alignItems: 'start',
  '@mobile': { gridTemplateColumns: 'minmax(0, 1fr)', gap: '$3' },
});

export function RepoSettings({ repo, section, onRepoChanged }: RepoSettingsProps) {
  const user = useCurrentUser();
  const isSystemAdmin = user?.admin === true;
  return (
    <RepoSettingsScreen
      key={repo.slug}
      repo={repo}
      isSystemAdmin={isSystemAdmin}
      section={section}
      onRepoChanged={onRepoChanged}
    />
  );
}

function RepoSettingsScreen({
  repo: initialRepo,
  isSystemAdmin,
  section,
  onRepoChanged,
}: RepoSettingsProps & { isSystemAdmin: boolean }) {
  const actor = useInspectedActorRef(repoSettingsMachine, {
    input: { repo: initialRepo, isSystemAdmin },
  });
  useRepoChanged(actor, onRepoChanged);
  // The session may resolve after this screen: keep the machine's idea of the role current.
  useEffect(() => {
    actor.send({ type: 'session.roleChanged', isSystemAdmin });
  }, [actor, isSystemAdmin]);
  const t = useT();
  const isActive = useSelector(actor, selectIsActive);
  const repo = useSelector(actor, selectRepo);

  if (!isActive) return <InactiveRepo actor={actor} />;
  const current = normalizeSection(section);
  return (
    <Layout>
      <SettingsNav repo={repo} />
      <div>
        {current === null ? (
          <EmptyState title={t('settings.notFound')} />
        ) : (
          <Section section={current} repo={repo} actor={actor} />
        )}
      </div>
    </Layout>
  );
}

/** Tells RepoPage about activate, save and disable, so its header follows (docs/spec.md 4.6). */
function useRepoChanged(actor: SettingsActor, onRepoChanged: (repo: Repository) => void) {
  const callback = useRef(onRepoChanged);
  useEffect(() => {
    callback.current = onRepoChanged;
  }, [onRepoChanged]);
  useEffect(() => {
    const subscription = actor.on('repo.changed', (event) => callback.current(event.repo));
    return () => subscription.unsubscribe();
  }, [actor]);
}

function normalizeSection(section: string | undefined): SettingsSection | null {
  const name = (section ?? '').replace(/^\/+|\/+$/g, '');
  return (SETTINGS_SECTIONS as readonly string[]).includes(name) ? (name as SettingsSection) : null;
}

function Section({
  section,
  repo,
  actor,
}: {
  section: SettingsSection;
  repo: Repository;
  actor: SettingsActor;
}) {
  switch (section) {
    case '':
      return (
        <>
          <GeneralSettings actor={actor} />
          <ProblemMatchersSettings repo={repo} />
        </>
      );
    case 'secrets':
      return <RepoSecretsSettings repo={repo} />;
    case 'cron':
      return <CronSettings repo={repo} />;
    case 'badges':
      return <BadgesSettings repo={repo} />;
    case 'org-secrets':
      return <OrgSecretsSettings repo={repo} />;
    case 'templates':
      return <TemplatesSettings repo={repo} />;
  }
}

const InactiveCard = styled(Card, {
  textAlign: 'center',
  padding: '$6 $5',
  h2: { fontSize: '$4', margin: '0 0 $2' },
  p: { color: '$textMuted', margin: '0 0 $4' },
});

/** docs/spec.md 2.12: an inactive repository has no settings navigation, only activation. */
function InactiveRepo({ actor }: { actor: SettingsActor }) {
  const t = useT();
  const canActivate = useSelector(actor, selectCanActivate);
  const isActivating = useSelector(actor, selectIsActivating);
  return (
    <InactiveCard>
      <h2>{t('settings.inactive.heading')}</h2>
      {canActivate ? (
        <>
          <p>{t('settings.inactive.activateText')}</p>
          <Button
            variant="primary"
            disabled={isActivating}
            onClick={() => actor.send({ type: 'repo.activate' })}
          >
            {t('settings.inactive.activate')}
          </Button>
        </>
      ) : (
        <p>{t('settings.inactive.askAdmin')}</p>
      )}
    </InactiveCard>
  );
}
