import type { Repository, Template } from '../../api/types';
import {
  templatesInput,
  templatesMachine,
  type TemplateDraft,
  type TemplatePatch,
} from '../../machines/settings/resourceLists';
import { TEMPLATE_EXTENSIONS } from '../../machines/settings/templateExamples';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';

// docs/spec.md 2.12 templates screen (.../settings/templates; the organization = repo.namespace).

const templatesScreen: ListScreenDescription<Template, TemplateDraft, TemplatePatch> = {
  title: 'Templates',
  newLabel: 'New Template',
  emptyTitle: 'No Templates',
  emptyText:
    'You can create templates to simplify configuration management if you have large numbers of similar configuration files.',
  columns: [{ header: 'Name', cell: textCell((template) => template.name) }],
  nameOf: (template) => template.name ?? '',
  // Changing the extension replaces the content with its example (the machine's reviseDraft).
  create: {
    size: 'wide',
    fields: [
      { kind: 'text', key: 'name', label: 'Name' },
      { kind: 'select', key: 'extension', label: 'Extension', options: TEMPLATE_EXTENSIONS },
      {
        kind: 'code',
        key: 'data',
        label: 'Template content',
        fileName: (draft) => `template${draft.extension}`,
      },
    ],
  },
  // docs/spec.md 2.12: the edit modal shows only the content, with Update and Cancel.
  edit: {
    size: 'wide',
    patchOf: (template) => ({ data: template.data ?? '' }),
    fields: [
      {
        kind: 'code',
        key: 'data',
        label: 'Template content',
        fileName: (_, template) => template?.name ?? '',
      },
    ],
  },
};

export function TemplatesSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(templatesMachine, { input: templatesInput(repo.namespace) });
  return <ResourceListScreen actor={actor} screen={templatesScreen} />;
}
