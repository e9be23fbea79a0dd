import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import type { Repository } from '../../api/types';
import { buildHref } from '../build/paths';
import {
  newBuildMachine,
  selectForm,
  selectIsOpen,
  selectIsSubmitting,
  type NewBuildField,
} from '../../machines/repo/newBuild.machine';
import { Button, Field, Modal, ModalFooter, SectionTitle, TextInput } from '../ui';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';

type NewBuildRef = ActorRefFrom<typeof newBuildMachine>;

/** docs/spec.md 2.14: the New Build button and its dialog; a created build opens its build page. */
export function NewBuild({ repo }: { repo: Repository }) {
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
        New Build
      </Button>
      {open ? <NewBuildDialog actor={actor} defaultBranch={repo.default_branch} /> : null}
    </>
  );
}

const ParamRow = styled('div', {
  display: 'grid',
  gridTemplateColumns: '1fr 1fr 88px',
  gap: '$2',
  alignItems: 'center',
  marginBottom: '$2',
});

const ParamList = styled('ul', { listStyle: 'none', margin: '0 0 $3', padding: 0 });

function NewBuildDialog({ actor, defaultBranch }: { actor: NewBuildRef; defaultBranch: string }) {
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
    <Modal title="New Build" onClose={close}>
      <form
        aria-label="New Build"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'newBuild.submit' });
        }}
      >
        <Field label="Branch" hint="Leave empty to build the default branch.">
          {(id) => (
            <TextInput
              id={id}
              name="branch"
              placeholder={defaultBranch || 'master'}
              value={form.branch}
              onChange={edit('branch')}
            />
          )}
        </Field>
        <Field label="Commit" hint="Leave empty to build the head of the branch.">
          {(id) => (
            <TextInput id={id} name="commit" value={form.commit} onChange={edit('commit')} />
          )}
        </Field>
        <SectionTitle as="h3">Parameters</SectionTitle>
        {form.params.length ? (
          <ParamList aria-label="Parameters">
            {form.params.map((param, index) => (
              <li key={`${index}-${param.key}`}>
                <ParamRow>
                  <TextInput value={param.key} readOnly aria-label={`Parameter ${index + 1} key`} />
                  <TextInput
                    value={param.value}
                    readOnly
                    aria-label={`Parameter ${index + 1} value`}
                  />
                  <Button
                    size="small"
                    aria-label={`Remove parameter ${param.key}`}
                    onClick={() => actor.send({ type: 'param.remove', index })}
                  >
                    Remove
                  </Button>
                </ParamRow>
              </li>
            ))}
          </ParamList>
        ) : null}
        <ParamRow>
          <TextInput
            aria-label="Parameter key"
            placeholder="key"
            value={form.draftKey}
            onChange={edit('draftKey')}
            onKeyDown={addOnEnter}
          />
          <TextInput
            aria-label="Parameter value"
            placeholder="value"
            value={form.draftValue}
            onChange={edit('draftValue')}
            onKeyDown={addOnEnter}
          />
          <Button size="small" onClick={() => actor.send({ type: 'param.add' })}>
            Add
          </Button>
        </ParamRow>
        <ModalFooter>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={submitting}>
            {submitting ? 'Creating...' : 'Create'}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
