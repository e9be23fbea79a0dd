import { useSelector } from '@xstate/react';
import type { Cron, Repository } from '../../api/types';
import { selectItems } from '../../machines/settings/resourceList.selectors';
import {
  CRON_SCHEDULES,
  cronInput,
  cronMachine,
  type CronDraft,
  type CronSchedule,
} from '../../machines/settings/resourceLists';
import { Field, Select, TextInput, UserText, formatDate, formatRelative, useNow } from '../ui';
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

// docs/spec.md 2.12 cron section (.../settings/cron).

export function CronSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(cronMachine, {
    input: cronInput({ namespace: repo.namespace, name: repo.name }),
  });
  return (
    <ListSection
      actor={actor}
      title="Cron Jobs"
      newLabel="New Cron Job"
      emptyTitle="No Cron Jobs"
      emptyText="You can create cron jobs to schedule pipeline executions on a recurring basis."
      createModal={<NewCronModal actor={actor} />}
    >
      <CronTable actor={actor} />
    </ListSection>
  );
}

function CronTable({ actor }: { actor: ListActor }) {
  const crons = useSelector(actor, selectItems<Cron>);
  const now = useNow();
  return (
    <ListTable columns={['Name', 'Branch', 'Schedule', 'Next Execution']}>
      {crons.map((cron) => (
        <tr key={cron.id ?? cron.name}>
          <td>
            <UserText>{cron.name}</UserText>
          </td>
          <td>
            <UserText>{cron.branch}</UserText>
          </td>
          <td>
            <UserText>{cron.expr}</UserText>
          </td>
          <td>
            {/* Relative time; the absolute date on hover. */}
            <time
              dateTime={cron.next ? new Date(cron.next * 1000).toISOString() : undefined}
              title={formatDate(cron.next)}
            >
              {formatRelative(cron.next, now)}
            </time>
          </td>
          <RowActions>
            <DeleteButton
              label={`Delete ${cron.name}`}
              onClick={() => actor.send({ type: 'remove.request', item: cron })}
            />
          </RowActions>
        </tr>
      ))}
    </ListTable>
  );
}

/** docs/spec.md 5: schedule one of the five descriptors (default @hourly); empty branch -> master. */
function NewCronModal({ actor }: { actor: ListActor }) {
  const [draft, change] = useDraft<CronDraft>(actor);
  return (
    <CreateModal actor={actor} title="New Cron Job">
      <Field label="Name">
        {(id) => (
          <TextInput
            id={id}
            value={draft.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label="Branch">
        {(id) => (
          <TextInput
            id={id}
            placeholder="master"
            value={draft.branch}
            onChange={(event) => change({ branch: event.target.value })}
          />
        )}
      </Field>
      <Field label="Schedule">
        {(id) => (
          <Select
            id={id}
            value={draft.expr}
            onChange={(event) => change({ expr: event.target.value as CronSchedule })}
          >
            {CRON_SCHEDULES.map((schedule) => (
              <option key={schedule} value={schedule}>
                {schedule}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </CreateModal>
  );
}
