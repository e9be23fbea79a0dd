import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { Repository } from '../../api/types';
import { showInvisibles } from '../../text/invisibles';
import { buildHref } from '../buildPage/paths';
import {
  newBuildMachine,
  selectForm,
  selectIsOpen,
  selectIsSubmitting,
  type NewBuildField,
} from '../../machines/repo/newBuild.machine';
import { Button, SectionTitle, useT } from '../ui';
import { Modal, ModalFooter } from '../ui/Modal';
import { Field, TextInput } from '../ui/Form';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import '../../i18n/en/repo';

type NewBuildRef = ActorRefFrom<typeof newBuildMachine>;

/** docs/spec.md 2.14: the New Build button and its dialog; a created build opens its build page. */
export function NewBuild({ repo }: { repo: Repository }) {
  const t = useT();
  const { namespace, name } = repo;
  const actor = useInspectedActorRef(newBuildMachine, { input: { repo: { namespace, name } } });
  const open = useSelector(actor, selectIsOpen);
  const [, navigate] = useLocation();
  // A subscription, not a render-time redirect: the build page must be pushed exactly once (a
  // <Redirect> runs twice under StrictMode and leaves a duplicate history entry behind).
  useEffect(() => {
    const subscription = actor.on('newBuild.created', ({ build }) =>
      navigate(buildHref({ namespace, name }, build.number)),
    );
    return () => subscription.unsubscribe();
  }, [actor, navigate, namespace, name]);
  return (
    <>
      <Button variant="primary" onClick={() => actor.send({ type: 'newBuild.open' })}>
        {t('repo.newBuild.title')}
      </Button>
      {open ? <NewBuildDialog actor={actor} defaultBranch={repo.default_branch} /> : null}
    </>
  );
}

/** The branch Drone builds when a repository names none. */
const DRONE_DEFAULT_BRANCH = 'master';

const ParamRow = styled('div', {
  display: 'grid',
  gridTemplateColumns: '1fr 1fr 88px',
  gap: '$2',
  alignItems: 'center',
  marginBottom: '$2',
});

const ParamList = styled('ul', { listStyle: 'none', margin: '0 0 $3', padding: 0 });

function NewBuildDialog({ actor, defaultBranch }: { actor: NewBuildRef; defaultBranch: string }) {
  const t = useT();
  const form = useSelector(actor, selectForm);
  const submitting = useSelector(actor, selectIsSubmitting);
  const edit = (field: NewBuildField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'newBuild.edit', field, value: event.target.value });
  // Enter in a parameter input adds the parameter instead of starting the build.
  const addOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    actor.send({ type: 'param.add' });
  };
  const close = () => actor.send({ type: 'newBuild.close' });

  return (
    <Modal title={t('repo.newBuild.title')} onClose={close}>
      <form
        aria-label={t('repo.newBuild.title')}
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'newBuild.submit' });
        }}
      >
        <Field label={t('repo.newBuild.branch')} hint={t('repo.newBuild.branchHint')}>
          {(id) => (
            <TextInput
              id={id}
              name="branch"
              placeholder={showInvisibles(defaultBranch || DRONE_DEFAULT_BRANCH)}
              value={form.branch}
              onChange={edit('branch')}
            />
          )}
        </Field>
        <Field label={t('repo.newBuild.commit')} hint={t('repo.newBuild.commitHint')}>
          {(id) => (
            <TextInput id={id} name="commit" value={form.commit} onChange={edit('commit')} />
          )}
        </Field>
        <SectionTitle as="h3">{t('repo.newBuild.parameters')}</SectionTitle>
        {form.params.length ? (
          <ParamList aria-label={t('repo.newBuild.parameters')}>
            {form.params.map((param, index) => (
              <li key={`${index}-${param.key}`}>
                <ParamRow>
                  <TextInput
                    value={param.key}
                    readOnly
                    aria-label={t('repo.newBuild.paramKeyAt', { index: index + 1 })}
                  />
                  <TextInput
                    value={param.value}
                    readOnly
                    aria-label={t('repo.newBuild.paramValueAt', { index: index + 1 })}
                  />
                  <Button
                    size="small"
                    aria-label={t('repo.newBuild.removeParam', { key: showInvisibles(param.key) })}
                    onClick={() => actor.send({ type: 'param.remove', index })}
                  >
                    {t('repo.newBuild.remove')}
                  </Button>
                </ParamRow>
              </li>
            ))}
          </ParamList>
        ) : null}
        <ParamRow>
          <TextInput
            aria-label={t('repo.newBuild.paramKey')}
            placeholder={t('repo.newBuild.key')}
            value={form.draftKey}
            onChange={edit('draftKey')}
            onKeyDown={addOnEnter}
          />
          <TextInput
            aria-label={t('repo.newBuild.paramValue')}
            placeholder={t('repo.newBuild.value')}
            value={form.draftValue}
            onChange={edit('draftValue')}
            onKeyDown={addOnEnter}
          />
          <Button size="small" onClick={() => actor.send({ type: 'param.add' })}>
            {t('repo.newBuild.add')}
          </Button>
        </ParamRow>
        <ModalFooter>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary" disabled={submitting}>
            {submitting ? t('repo.newBuild.creating') : t('repo.newBuild.create')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
