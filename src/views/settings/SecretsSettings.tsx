import type { Repository, Secret } from '../../api/types';
import {
  orgSecretsInput,
  orgSecretsMachine,
  repoSecretsInput,
  repoSecretsMachine,
  secretPatchOf,
  type SecretDraft,
  type SecretPatch,
} from '../../machines/settings/resourceLists';
import { useT, type TFunction } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';
import '../../i18n/en/settings';

// docs/spec.md 2.12 secrets screens: the repository's (.../settings/secrets) and its organization's
// (.../settings/org-secrets, namespace = repo.namespace). Same screen, different labels.

/** docs/spec.md 2.12: Name, Value, 'Allow Pull Requests'; no client-side checks (docs/spec.md 5). */
function secretsScreen(
  t: TFunction,
  labels: Pick<
    ListScreenDescription<Secret, SecretDraft, SecretPatch>,
    'title' | 'newLabel' | 'emptyTitle'
  >,
): ListScreenDescription<Secret, SecretDraft, SecretPatch> {
  const allowPullRequests = {
    kind: 'checkbox',
    key: 'pull_request',
    label: t('settings.secrets.allowPullRequests'),
  } as const;
  return {
    ...labels,
    emptyText: t('settings.secrets.emptyText'),
    columns: [
      { header: t('settings.list.name'), cell: textCell((secret) => secret.name) },
      {
        header: t('settings.secrets.pullRequests'),
        cell: (secret) =>
          secret.pull_request ? t('settings.secrets.enabled') : t('settings.secrets.disabled'),
      },
    ],
    nameOf: (secret) => secret.name ?? '',
    create: {
      fields: [
        {
          kind: 'text',
          key: 'name',
          label: t('settings.list.name'),
          placeholder: t('settings.secrets.namePlaceholder'),
        },
        { kind: 'textarea', key: 'data', label: t('settings.secrets.value') },
        allowPullRequests,
      ],
    },
    // Issue 19: the value (never shown: the server does not return it) and the flag, in place.
    edit: {
      patchOf: secretPatchOf,
      fields: [
        {
          kind: 'textarea',
          key: 'data',
          label: t('settings.secrets.value'),
          placeholder: t('settings.secrets.keepValue'),
          hint: t('settings.secrets.neverShown'),
        },
        allowPullRequests,
      ],
    },
  };
}

export function RepoSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(repoSecretsMachine, {
    input: repoSecretsInput({ namespace: repo.namespace, name: repo.name }),
  });
  const t = useT();
  const screen = secretsScreen(t, {
    title: t('settings.secrets.title'),
    newLabel: t('settings.secrets.newLabel'),
    emptyTitle: t('settings.secrets.emptyTitle'),
  });
  return <ResourceListScreen actor={actor} screen={screen} />;
}

export function OrgSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(orgSecretsMachine, { input: orgSecretsInput(repo.namespace) });
  const t = useT();
  const screen = secretsScreen(t, {
    title: t('settings.secrets.orgTitle'),
    newLabel: t('settings.secrets.orgNewLabel'),
    emptyTitle: t('settings.secrets.orgEmptyTitle'),
  });
  return <ResourceListScreen actor={actor} screen={screen} />;
}
