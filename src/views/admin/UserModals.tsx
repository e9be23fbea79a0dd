import { useSelector } from '@xstate/react';
import type { User, UserWithToken } from '../../api/types';
import {
  selectCreated,
  selectIsSubmitting,
  selectPatch,
  selectTarget,
} from '../../machines/settings/resourceList.selectors';
import type { UserDraft, UserPatch } from '../../machines/settings/resourceLists';
import { FormModal, useDraft, type ListActor } from '../settings/ListParts';
import { Button, Checkbox, CopyButton, Field, Modal, ModalFooter, Row, TextInput } from '../ui';
import { styled } from '../ui/theme';

// docs/spec.md 2.13 create and edit modals, and the machine user's token (shown once, docs/spec.md 4.7).

const Checks = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2' });

/** Login and Email are required (the browser enforces it); the API trims them (docs/spec.md 5). */
export function NewUserModal({ actor }: { actor: ListActor }) {
  const [draft, change] = useDraft<UserDraft>(actor);
  return (
    <FormModal actor={actor} mode="create" title="New User" submitLabel="Create">
      <Field label="Login">
        {(id) => (
          <TextInput
            id={id}
            required
            autoComplete="off"
            value={draft.login}
            onChange={(event) => change({ login: event.target.value })}
          />
        )}
      </Field>
      <Field label="Email">
        {(id) => (
          <TextInput
            id={id}
            type="email"
            required
            autoComplete="off"
            value={draft.email}
            onChange={(event) => change({ email: event.target.value })}
          />
        )}
      </Field>
      <Checks>
        <Checkbox
          label="Admin User"
          checked={draft.admin}
          onChange={(event) => change({ admin: event.target.checked })}
        />
        <Checkbox
          label="Machine User"
          checked={draft.machine}
          onChange={(event) => change({ machine: event.target.checked })}
        />
      </Checks>
    </FormModal>
  );
}

/** docs/spec.md 2.13: Admin User, Machine User (cannot change, docs/spec.md 5), Save, Cancel and Delete. */
export function EditUserModal({ actor }: { actor: ListActor }) {
  const user = useSelector(actor, selectTarget<User>);
  const patch = useSelector(actor, selectPatch<UserPatch>);
  const isSubmitting = useSelector(actor, selectIsSubmitting);
  if (!user) return null;
  return (
    <Modal title={user.login} onClose={() => actor.send({ type: 'edit.cancel' })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'edit.submit' });
        }}
      >
        <Checks>
          <Checkbox
            label="Admin User"
            checked={patch?.admin ?? user.admin}
            onChange={(event) =>
              actor.send({ type: 'patch.change', changes: { admin: event.target.checked } })
            }
          />
          <Checkbox label="Machine User" checked={user.machine} disabled readOnly />
        </Checks>
        <ModalFooter css={{ justifyContent: 'space-between' }}>
          <Button
            variant="danger"
            disabled={isSubmitting}
            onClick={() => actor.send({ type: 'remove.request', item: user })}
          >
            Delete
          </Button>
          <Row>
            <Button onClick={() => actor.send({ type: 'edit.cancel' })} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              Save
            </Button>
          </Row>
        </ModalFooter>
      </form>
    </Modal>
  );
}

const Token = styled('code', {
  display: 'block',
  padding: '$3',
  backgroundColor: '$surfaceAlt',
  border: '1px solid $border',
  borderRadius: '$2',
  fontFamily: '$mono',
  overflowWrap: 'anywhere',
});

/** A new machine user's token: the server returns it once, so it is shown once. */
export function MachineTokenModal({ actor }: { actor: ListActor }) {
  const created = useSelector(actor, selectCreated<User | UserWithToken>);
  if (!created || !('token' in created) || !created.token) return null;
  const close = () => actor.send({ type: 'created.dismiss' });
  return (
    <Modal title={`Token for ${created.login}`} onClose={close}>
      <p>Copy this token now: it is not shown again.</p>
      <Token data-testid="machine-token">{created.token}</Token>
      <ModalFooter>
        <CopyButton text={created.token} copiedLabel="Copied!" ariaLabel="Copy token" />
        <Button variant="primary" onClick={close}>
          Close
        </Button>
      </ModalFooter>
    </Modal>
  );
}
