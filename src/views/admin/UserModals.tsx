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
import { Button, Row, useT } from '../ui';
import { Modal, ModalFooter } from '../ui/Modal';
import { Checkbox, Field, TextInput } from '../ui/Form';
import { CopyButton } from '../ui/CopyButton';
import { styled } from '../ui/theme';
import '../../i18n/en/account';
import '../../i18n/en/admin';
import '../../i18n/en/editing';

// docs/spec.md 2.13 create and edit modals, and the machine user's token (shown once, docs/spec.md 4.7).

const Checks = styled('div', { display: 'flex', flexDirection: 'column', gap: '$2' });

/** Login and Email are required (the browser enforces it); the API trims them (docs/spec.md 5). */
export function NewUserModal({ actor }: { actor: ListActor }) {
  const t = useT();
  const [draft, change] = useDraft<UserDraft>(actor);
  return (
    <FormModal actor={actor} mode="create" title={t('admin.newUser')} submitLabel="Create">
      <Field label={t('admin.login')}>
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
      <Field label={t('admin.email')}>
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
          label={t('admin.adminUser')}
          checked={draft.admin}
          onChange={(event) => change({ admin: event.target.checked })}
        />
        <Checkbox
          label={t('admin.machineUser')}
          checked={draft.machine}
          onChange={(event) => change({ machine: event.target.checked })}
        />
      </Checks>
    </FormModal>
  );
}

/** docs/spec.md 2.13: Admin User, Machine User (cannot change, docs/spec.md 5), Save, Cancel and Delete. */
export function EditUserModal({ actor }: { actor: ListActor }) {
  const t = useT();
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
            label={t('admin.adminUser')}
            checked={patch?.admin ?? user.admin}
            onChange={(event) =>
              actor.send({ type: 'patch.change', changes: { admin: event.target.checked } })
            }
          />
          <Checkbox label={t('admin.machineUser')} checked={user.machine} disabled readOnly />
        </Checks>
        <ModalFooter css={{ justifyContent: 'space-between' }}>
          <Button
            variant="danger"
            disabled={isSubmitting}
            onClick={() => actor.send({ type: 'remove.request', item: user })}
          >
            {t('common.delete')}
          </Button>
          <Row>
            <Button onClick={() => actor.send({ type: 'edit.cancel' })} disabled={isSubmitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="primary" disabled={isSubmitting}>
              {t('common.save')}
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
  const t = useT();
  const created = useSelector(actor, selectCreated<User | UserWithToken>);
  if (!created || !('token' in created) || !created.token) return null;
  const close = () => actor.send({ type: 'created.dismiss' });
  return (
    <Modal title={t('admin.tokenFor', { login: created.login })} onClose={close}>
      <p>{t('admin.tokenOnce')}</p>
      <Token data-testid="machine-token">{created.token}</Token>
      <ModalFooter>
        <CopyButton
          text={created.token}
          copiedLabel={t('common.copiedExclaimed')}
          ariaLabel={t('account.copyToken')}
        />
        <Button variant="primary" onClick={close}>
          {t('common.close')}
        </Button>
      </ModalFooter>
    </Modal>
  );
}
