import { useSelector } from '@xstate/react';
import type { Repository, Template } from '../../api/types';
import {
  selectIsSubmitting,
  selectItems,
  selectPatch,
  selectTarget,
} from '../../machines/settings/resourceList.selectors';
import {
  templatesInput,
  templatesMachine,
  type TemplateDraft,
  type TemplatePatch,
} from '../../machines/settings/resourceLists';
import {
  TEMPLATE_EXTENSIONS,
  type TemplateExtension,
} from '../../machines/settings/templateExamples';
import { Button, Field, Modal, ModalFooter, Select, TextInput, UserText } from '../ui';
import { showInvisibles } from '../../text/invisibles';
import { CodeEditor } from './CodeEditor';
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

// docs/spec.md 2.12 templates screen (.../settings/templates; the organization = repo.namespace).

export function TemplatesSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(templatesMachine, { input: templatesInput(repo.namespace) });
  return (
    <ListSection
      actor={actor}
      title="Templates"
      newLabel="New Template"
      emptyTitle="No Templates"
      emptyText="You can create templates to simplify configuration management if you have large numbers of similar configuration files."
      createModal={<NewTemplateModal actor={actor} />}
      editModal={<EditTemplateModal actor={actor} />}
    >
      <TemplateTable actor={actor} />
    </ListSection>
  );
}

function TemplateTable({ actor }: { actor: ListActor }) {
  const templates = useSelector(actor, selectItems<Template>);
  return (
    <ListTable columns={['Name']}>
      {templates.map((template) => (
        <tr key={template.id ?? template.name}>
          <td>
            <UserText>{template.name}</UserText>
          </td>
          <RowActions>
            <Button
              size="small"
              aria-label={`Edit ${showInvisibles(template.name ?? '')}`}
              title={`Edit ${showInvisibles(template.name ?? '')}`}
              css={{ marginRight: '$2' }}
              onClick={() =>
                actor.send({
                  type: 'edit.open',
                  item: template,
                  patch: { data: template.data ?? '' } satisfies TemplatePatch,
                })
              }
            >
              Edit
            </Button>
            <DeleteButton
              label={`Delete ${template.name}`}
              onClick={() => actor.send({ type: 'remove.request', item: template })}
            />
          </RowActions>
        </tr>
      ))}
    </ListTable>
  );
}

function NewTemplateModal({ actor }: { actor: ListActor }) {
  const [draft, change] = useDraft<TemplateDraft>(actor);
  return (
    <CreateModal actor={actor} title="New Template" size="wide">
      <Field label="Name">
        {(id) => (
          <TextInput
            id={id}
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label="Extension">
        {(id) => (
          <Select
            id={id}
            value={draft.extension}
            onChange={(event) => change({ extension: event.target.value as TemplateExtension })}
          >
            {TEMPLATE_EXTENSIONS.map((extension) => (
              <option key={extension} value={extension}>
                {extension}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <CodeEditor
        label="Template content"
        fileName={`template${draft.extension}`}
        value={draft.data}
        onChange={(data) => change({ data })}
      />
    </CreateModal>
  );
}

/** docs/spec.md 2.12: the edit modal shows only the content, with Update and Cancel. */
function EditTemplateModal({ actor }: { actor: ListActor }) {
  const template = useSelector(actor, selectTarget<Template>);
  const patch = useSelector(actor, selectPatch<TemplatePatch>);
  const isSubmitting = useSelector(actor, selectIsSubmitting);
  const name = template?.name ?? '';
  return (
    <Modal title={name} size="wide" onClose={() => actor.send({ type: 'edit.cancel' })}>
      <CodeEditor
        label="Template content"
        fileName={name}
        value={patch?.data ?? ''}
        onChange={(data) => actor.send({ type: 'patch.change', changes: { data } })}
      />
      <ModalFooter>
        <Button onClick={() => actor.send({ type: 'edit.cancel' })} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button
          variant="primary"
          disabled={isSubmitting}
          onClick={() => actor.send({ type: 'edit.submit' })}
        >
          Update
        </Button>
      </ModalFooter>
    </Modal>
  );
}
