import { useSelector } from '@xstate/react';
import type { Repository, Secret } from '../../api/types';
import { selectItems } from '../../machines/settings/resourceList.selectors';
import {
  orgSecretsInput,
  orgSecretsMachine,
  repoSecretsInput,
  repoSecretsMachine,
  type SecretDraft,
} from '../../machines/settings/resourceLists';
import { Checkbox, Field, TextArea, TextInput, UserText } from '../ui';
import {
  CreateModal,
  DeleteButton,
  ListSection,
  ListTable,
  RowActions,
  useDraft,
  type ListActor,
} from './ListParts';
import { useInspectedActorRef } from '../useInspectedActorRef';

// docs/spec.md 2.12 secrets screens: the repository's (.../settings/secrets) and its organization's
// (.../settings/org-secrets, namespace = repo.namespace). Same screen, different texts.

const SECRETS_HINT =
  'Manage sensitive configuration parameters, such as passwords, tokens, and ssh keys.';

export function RepoSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(repoSecretsMachine, {
    input: repoSecretsInput({ namespace: repo.namespace, name: repo.name }),
  });
  return (
    <SecretsScreen actor={actor} title="Secrets" newLabel="New Secret" emptyTitle="No Secrets" />
  );
}

export function OrgSecretsSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(orgSecretsMachine, { input: orgSecretsInput(repo.namespace) });
  return (
    <SecretsScreen
      actor={actor}
      title="Organization Secrets"
      newLabel="New Organization Secret"
      emptyTitle="No Organization Secrets"
    />
  );
}

function SecretsScreen({
  actor,
  title,
  newLabel,
  emptyTitle,
}: {
  actor: ListActor;
  title: string;
  newLabel: string;
  emptyTitle: string;
}) {
  const secrets = useSelector(actor, selectItems<Secret>);
  return (
    <ListSection
      actor={actor}
      title={title}
      newLabel={newLabel}
      emptyTitle={emptyTitle}
      emptyText={SECRETS_HINT}
      createModal={<NewSecretModal actor={actor} title={newLabel} />}
    >
      <ListTable columns={['Name', 'Pull Requests']}>
        {secrets.map((secret) => (
          <tr key={secret.id ?? secret.name}>
            <td>
              <UserText>{secret.name}</UserText>
            </td>
            <td>{secret.pull_request ? 'Enabled' : 'Disabled'}</td>
            <RowActions>
              <DeleteButton
                label={`Delete ${secret.name}`}
                onClick={() => actor.send({ type: 'remove.request', item: secret })}
              />
            </RowActions>
          </tr>
        ))}
      </ListTable>
    </ListSection>
  );
}

/** docs/spec.md 2.12: Name, Value, 'Allow Pull Requests', Create and Cancel; no client-side checks. */
function NewSecretModal({ actor, title }: { actor: ListActor; title: string }) {
  const [draft, change] = useDraft<SecretDraft>(actor);
  return (
    <CreateModal actor={actor} title={title}>
      <Field label="Name">
        {(id) => (
          <TextInput
            id={id}
            placeholder="Secret Name"
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label="Value">
        {(id) => (
          <TextArea
            id={id}
            value={draft.data}
            onChange={(event) => change({ data: event.target.value })}
          />
        )}
      </Field>
      <Checkbox
        label="Allow Pull Requests"
        checked={draft.pull_request}
        onChange={(event) => change({ pull_request: event.target.checked })}
      />
    </CreateModal>
  );
}
