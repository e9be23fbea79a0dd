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
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';

// docs/spec.md 2.12 secrets screens: the repository's (.../settings/secrets) and its organization's
// (.../settings/org-secrets, namespace = repo.namespace). Same screen, different labels.

const allowPullRequests = {
  kind: 'checkbox',
  key: 'pull_request',
  label: 'Allow Pull Requests',
} as const;

/** docs/spec.md 2.12: Name, Value, 'Allow Pull Requests'; no client-side checks (docs/spec.md 5). */
const secretsScreen = (
  labels: Pick<
    ListScreenDescription<Secret, SecretDraft, SecretPatch>,
    'title' | 'newLabel' | 'emptyTitle'
  >,
): ListScreenDescription<Secret, SecretDraft, SecretPatch> => ({
  ...labels,
  emptyText: 'Manage sensitive configuration parameters, such as passwords, tokens, and ssh keys.',
  columns: [
    { header: 'Name', cell: textCell((secret) => secret.name) },
    { header: 'Pull Requests', cell: (secret) => (secret.pull_request ? 'Enabled' : 'Disabled') },
  ],
  nameOf: (secret) => secret.name ?? '',
  create: {
    fields: [
      { kind: 'text', key: 'name', label: 'Name', placeholder: 'Secret Name' },
      { kind: 'textarea', key: 'data', label: 'Value' },
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
        label: 'Value',
        placeholder: 'Leave empty to keep the current value',
        hint: 'The current value is never shown.',
      },
      allowPullRequests,
    ],
  },
});

const repoSecretsScreen = secretsScreen({
  title: 'Secrets',
  newLabel: 'New Secret',
  emptyTitle: 'No Secrets',
});

const orgSecretsScreen = secretsScreen({
  title: 'Organization Secrets',
  newLabel: 'New Organization Secret',
  emptyTitle: 'No Organization Secrets',
});

export function RepoSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(repoSecretsMachine, {
    input: repoSecretsInput({ namespace: repo.namespace, name: repo.name }),
  });
  return <ResourceListScreen actor={actor} screen={repoSecretsScreen} />;
}

export function OrgSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(orgSecretsMachine, { input: orgSecretsInput(repo.namespace) });
  return <ResourceListScreen actor={actor} screen={orgSecretsScreen} />;
}
