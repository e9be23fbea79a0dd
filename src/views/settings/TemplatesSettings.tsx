import type { Repository, Template } from '../../api/types';
import {
  templatesInput,
  templatesMachine,
  type TemplateDraft,
  type TemplatePatch,
} from '../../machines/settings/resourceLists';
import { TEMPLATE_EXTENSIONS } from '../../machines/settings/templateExamples';
import { useT, type TFunction } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';
import '../../i18n/en/settings';

// docs/spec.md 2.12 templates screen (.../settings/templates; the organization = repo.namespace).

const templatesScreen = (
  t: TFunction,
): ListScreenDescription<Template, TemplateDraft, TemplatePatch> => ({
  title: t('settings.templates.title'),
  newLabel: t('settings.templates.newLabel'),
  emptyTitle: t('settings.templates.emptyTitle'),
  emptyText: t('settings.templates.emptyText'),
  columns: [{ header: t('settings.list.name'), cell: textCell((template) => template.name) }],
  nameOf: (template) => template.name ?? '',
  // Changing the extension replaces the content with its example (the machine's reviseDraft).
  create: {
    size: 'wide',
    fields: [
      { kind: 'text', key: 'name', label: t('settings.list.name') },
      {
        kind: 'select',
        key: 'extension',
        label: t('settings.templates.extension'),
        options: TEMPLATE_EXTENSIONS,
      },
      {
        kind: 'code',
        key: 'data',
        label: t('settings.templates.content'),
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
        label: t('settings.templates.content'),
        fileName: (_, template) => template?.name ?? '',
      },
    ],
  },
});

export function TemplatesSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(templatesMachine, { input: templatesInput(repo.namespace) });
  const t = useT();
  return <ResourceListScreen actor={actor} screen={templatesScreen(t)} />;
}
