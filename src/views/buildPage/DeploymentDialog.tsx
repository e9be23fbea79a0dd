import { useSelector } from '@xstate/react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { DeployAction } from '../../api/builds';
import type { DeploymentRef } from '../../machines/buildPage/buildControls.machine';
import {
  selectDeploymentForm,
  selectIsDeploying,
} from '../../machines/buildPage/deployment.machine';
import { Button, IconButton, styled, UserText, useT } from '../ui';
import { Modal, ModalFooter } from '../ui/Modal';
import { Field, Select, TextInput } from '../ui/Form';
import '../../i18n/en/buildViews';
import '../../i18n/en/repo';
import { showInvisibles } from '../../text/invisibles';

/** The environment Drone deploys to when none is named (an environment's name, not a word). */
const DEFAULT_TARGET = 'production';

/** docs/spec.md 4.3 / 2.14: the 'Create deployment' dialog; every value lives in the deployment machine. */
export function DeploymentDialog({ dialogRef }: { dialogRef: DeploymentRef }) {
  const t = useT();
  const form = useSelector(dialogRef, selectDeploymentForm);
  const submitting = useSelector(dialogRef, selectIsDeploying);
  const close = () => dialogRef.send({ type: 'deployment.cancel' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    dialogRef.send({ type: 'deployment.submit' });
  };
  const addParam = () => dialogRef.send({ type: 'param.add' });
  // Enter in a parameter input adds the parameter instead of submitting the deployment.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    addParam();
  };

  return (
    <Modal title={t('build.deploy.title')} onClose={close}>
      <form onSubmit={submit}>
        <Field label={t('build.deploy.action')}>
          {(id) => (
            <Select
              id={id}
              value={form.action}
              onChange={(event) =>
                dialogRef.send({
                  type: 'deployment.setAction',
                  action: event.target.value as DeployAction,
                })
              }
            >
              <option value="promote">{t('build.deploy.promote')}</option>
              <option value="rollback">{t('build.deploy.rollback')}</option>
            </Select>
          )}
        </Field>
        <Field label={t('build.deploy.target')} hint={t('build.deploy.targetHint')}>
          {(id) => (
            <TextInput
              id={id}
              value={form.target}
              placeholder={DEFAULT_TARGET}
              onChange={(event) =>
                dialogRef.send({
                  type: 'deployment.edit',
                  field: 'target',
                  value: event.target.value,
                })
              }
            />
          )}
        </Field>
        <Params>
          <legend>{t('repo.newBuild.parameters')}</legend>
          {form.params.length > 0 ? (
            <ParamList>
              {form.params.map((param, index) => (
                <li key={`${index}-${param.key}`}>
                  <code>
                    <UserText>{`${param.key}=${param.value}`}</UserText>
                  </code>
                  <IconButton
                    aria-label={t('repo.newBuild.removeParam', { key: showInvisibles(param.key) })}
                    onClick={() => dialogRef.send({ type: 'param.remove', index })}
                  >
                    ✕
                  </IconButton>
                </li>
              ))}
            </ParamList>
          ) : null}
          <ParamInputs>
            <TextInput
              aria-label={t('repo.newBuild.paramKey')}
              placeholder={t('build.deploy.key')}
              value={form.draftKey}
              onKeyDown={addOnEnter}
              onChange={(event) =>
                dialogRef.send({
                  type: 'deployment.edit',
                  field: 'draftKey',
                  value: event.target.value,
                })
              }
            />
            <TextInput
              aria-label={t('repo.newBuild.paramValue')}
              placeholder={t('build.deploy.value')}
              value={form.draftValue}
              onKeyDown={addOnEnter}
              onChange={(event) =>
                dialogRef.send({
                  type: 'deployment.edit',
                  field: 'draftValue',
                  value: event.target.value,
                })
              }
            />
            <Button onClick={addParam}>{t('repo.newBuild.add')}</Button>
          </ParamInputs>
        </Params>
        <ModalFooter>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={submitting}>
            {t('build.deploy.submit')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}

const Params = styled('fieldset', {
  margin: 0,
  padding: '$2 $3 $3',
  border: '1px solid $border',
  borderRadius: '$2',
  legend: { padding: '0 $1', fontWeight: 600 },
});

const ParamList = styled('ul', {
  listStyle: 'none',
  margin: '0 0 $2',
  padding: 0,
  li: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '$2' },
  code: { fontFamily: '$mono', overflowWrap: 'anywhere' },
});

const ParamInputs = styled('div', {
  display: 'grid',
  gridTemplateColumns: '1fr 1fr auto',
  gap: '$2',
  '@mobile': { gridTemplateColumns: '1fr' },
});
