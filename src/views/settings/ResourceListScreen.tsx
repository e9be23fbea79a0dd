import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import {
  selectItems,
  selectPatch,
  selectTarget,
} from '../../machines/settings/resourceList.selectors';
import type { Draft } from '../../machines/settings/resourceList.types';
import { Button, UserText, useT } from '../ui';
import { threeLinesAtMost } from '../ui/clamp';
import { Checkbox, SelectField, TextField } from '../ui/Form';
import { styled } from '../ui/theme';
import { showInvisibles } from '../../text/invisibles';
import { CodeEditor } from './CodeEditor';
import {
  DeleteButton,
  FormModal,
  ListSection,
  ListTable,
  RowActions,
  useDraft,
  type ListActor,
} from './ListParts';
import '../../i18n/en/settings';
import '../../i18n/en/editing';

// docs/spec.md 2.12: every settings list screen (secrets, organization secrets, cron jobs,
// templates) is this one screen, told by a small description what its rows and forms hold. The
// behaviour (load, create, edit, delete, toasts, which submit is allowed) is the resourceList
// machine's; the description says only how it looks.

/** One form control, bound to a key of the form's values (a create draft or an edit patch). */
export type FormField<V, I = unknown> =
  | { kind: 'text'; key: keyof V & string; label: string; placeholder?: string }
  | { kind: 'textarea'; key: keyof V & string; label: string; placeholder?: string; hint?: string }
  | { kind: 'checkbox'; key: keyof V & string; label: string }
  | { kind: 'select'; key: keyof V & string; label: string; options: readonly string[] }
  /** The CodeMirror editor; the file name (its extension) picks the highlighting. */
  | {
      kind: 'code';
      key: keyof V & string;
      label: string;
      fileName: (values: V, item: I | null) => string;
    }
  /** A control of the screen's own (the cron schedule with its preview). */
  | {
      kind: 'custom';
      render: (values: V, change: (changes: Partial<V>) => void, item: I | null) => ReactNode;
    };

export interface ListColumn<I> {
  header: string;
  cell: (item: I) => ReactNode;
}

export interface ListScreenDescription<I, D, P> {
  title: string;
  newLabel: string;
  emptyTitle: string;
  emptyText: string;
  columns: Array<ListColumn<I>>;
  /** What names an item (the row's key, and the Edit and Delete buttons' labels). */
  nameOf: (item: I) => string;
  create: { fields: Array<FormField<D, I>>; size?: 'wide' };
  /** Absent: the rows have no Edit button. */
  edit?: {
    /** The edit form's starting values. */
    patchOf: (item: I) => P;
    fields: Array<FormField<P, I>>;
    size?: 'wide';
  };
}

export function ResourceListScreen<I extends object, D extends Draft, P extends Draft>({
  actor,
  screen,
}: {
  actor: ListActor;
  screen: ListScreenDescription<I, D, P>;
}) {
  return (
    <ListSection
      actor={actor}
      title={screen.title}
      newLabel={screen.newLabel}
      emptyTitle={screen.emptyTitle}
      emptyText={screen.emptyText}
      createModal={<CreateForm actor={actor} screen={screen} />}
      editModal={screen.edit ? <EditForm actor={actor} screen={screen} /> : null}
    >
      <Rows actor={actor} screen={screen} />
    </ListSection>
  );
}

type ScreenProps<I, D, P> = { actor: ListActor; screen: ListScreenDescription<I, D, P> };

function Rows<I extends object, D, P extends Draft>({ actor, screen }: ScreenProps<I, D, P>) {
  const t = useT();
  const items = useSelector(actor, selectItems<I>);
  const { edit, nameOf } = screen;
  return (
    <ListTable columns={screen.columns.map((column) => column.header)}>
      {items.map((item) => (
        <tr key={nameOf(item)}>
          {screen.columns.map((column) => (
            <td key={column.header} data-label={column.header}>
              {column.cell(item)}
            </td>
          ))}
          <RowActions>
            {edit ? (
              <Button
                size="small"
                aria-label={t('settings.list.editItem', { name: showInvisibles(nameOf(item)) })}
                title={t('settings.list.editItem', { name: showInvisibles(nameOf(item)) })}
                css={{ marginRight: '$2' }}
                onClick={() => actor.send({ type: 'edit.open', item, patch: edit.patchOf(item) })}
              >
                {t('common.edit')}
              </Button>
            ) : null}
            <DeleteButton
              label={t('settings.list.deleteItem', { name: nameOf(item) })}
              onClick={() => actor.send({ type: 'remove.request', item })}
            />
          </RowActions>
        </tr>
      ))}
    </ListTable>
  );
}

/** docs/spec.md 2.12: the 'New ...' modal is titled by its button, with Create and Cancel. */
function CreateForm<I, D extends Draft, P>({ actor, screen }: ScreenProps<I, D, P>) {
  const t = useT();
  const [draft, change] = useDraft<D>(actor);
  return (
    <FormModal
      actor={actor}
      mode="create"
      title={screen.newLabel}
      size={screen.create.size}
      submitLabel={t('settings.list.create')}
    >
      <FormFields fields={screen.create.fields} values={draft} item={null} change={change} />
    </FormModal>
  );
}

/** docs/spec.md 2.12: the edit modal is titled by the item's name, with Update and Cancel. */
function EditForm<I extends object, D, P extends Draft>({ actor, screen }: ScreenProps<I, D, P>) {
  const t = useT();
  const item = useSelector(actor, selectTarget<I>);
  const patch = useSelector(actor, selectPatch<P>);
  if (!item || !patch || !screen.edit) return null;
  const change = (changes: Partial<P>) => actor.send({ type: 'patch.change', changes });
  return (
    <FormModal
      actor={actor}
      mode="edit"
      title={screen.nameOf(item)}
      size={screen.edit.size}
      submitLabel={t('settings.list.update')}
    >
      <FormFields fields={screen.edit.fields} values={patch} item={item} change={change} />
    </FormModal>
  );
}

function FormFields<V extends Draft, I>({
  fields,
  values,
  item,
  change,
}: {
  fields: Array<FormField<V, I>>;
  values: V;
  /** The item being edited; null in a create form. */
  item: I | null;
  change: (changes: Partial<V>) => void;
}) {
  return (
    <>
      {fields.map((field, index) => (
        <FormControl key={index} field={field} values={values} item={item} change={change} />
      ))}
    </>
  );
}

function FormControl<V extends Draft, I>({
  field,
  values,
  item,
  change,
}: {
  field: FormField<V, I>;
  values: V;
  item: I | null;
  change: (changes: Partial<V>) => void;
}) {
  if (field.kind === 'custom') return <>{field.render(values, change, item)}</>;
  const set = (value: unknown) => change({ [field.key]: value } as Partial<V>);
  const text = String(values[field.key] ?? '');
  switch (field.kind) {
    case 'checkbox':
      return (
        <Checkbox
          label={field.label}
          checked={Boolean(values[field.key])}
          onChange={(event) => set(event.target.checked)}
        />
      );
    case 'code':
      return (
        <CodeEditor
          label={field.label}
          fileName={field.fileName(values, item)}
          value={text}
          onChange={set}
        />
      );
    case 'select':
      return <SelectField label={field.label} value={text} options={field.options} onValue={set} />;
    case 'text':
      return (
        <TextField label={field.label} placeholder={field.placeholder} value={text} onValue={set} />
      );
    case 'textarea':
      return (
        <TextField
          multiline
          label={field.label}
          hint={field.hint}
          placeholder={field.placeholder}
          value={text}
          onValue={set}
        />
      );
  }
}

/** A cell showing text from the server as text. */
export const textCell =
  <I,>(read: (item: I) => string | undefined) =>
  (item: I) => (
    <CellText title={showInvisibles(read(item) ?? '')}>
      <UserText>{read(item)}</UserText>
    </CellText>
  );

/**
 * A 100 KB branch or name keeps its row to three lines (issue 28 item 11); all of it on hover.
 * Words wrap as the table's cells wrap them (whole, unless longer than the cell), so a short name
 * never breaks letter by letter.
 */
const CellText = styled('span', { ...threeLinesAtMost, overflowWrap: 'inherit' });
