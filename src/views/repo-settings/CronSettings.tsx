import { useActorRef, useSelector } from '@xstate/react';
import type { Cron, Repository } from '../../api/types';
import {
  selectDraft,
  selectIsCreating,
  selectIsSubmitting,
  selectItems,
} from '../../machines/resourceList.selectors';
import {
  CRON_SCHEDULES,
  cronInput,
  cronMachine,
  type CronDraft,
  type CronSchedule,
} from '../../machines/resourceLists';
import {
  Button,
  Field,
  Modal,
  ModalFooter,
  Select,
  Table,
  TextInput,
  formatDate,
  formatRelative,
  useNow,
} from '../ui';
import {
  DeleteButton,
  ListBody,
  ListHeader,
  RemoveConfirm,
  RowActions,
  type ListActor,
} from './ListParts';

// SPEC 2.12 cron section (.../settings/cron).

export function CronSettings({ repo }: { repo: Repository }) {
  const actor = useActorRef(cronMachine, {
    input: cronInput({ namespace: repo.namespace, name: repo.name }),
  });
  const isCreating = useSelector(actor, selectIsCreating);
  return (
    <section aria-label="Cron Jobs">
      <ListHeader title="Cron Jobs" newLabel="New Cron Job" actor={actor} />
      <ListBody
        actor={actor}
        emptyTitle="No Cron Jobs"
        emptyText="You can create cron jobs to schedule pipeline executions on a recurring basis."
      >
        <CronTable actor={actor} />
      </ListBody>
      {isCreating ? <NewCronModal actor={actor} /> : null}
      <RemoveConfirm actor={actor} />
    </section>
  );
}

function CronTable({ actor }: { actor: ListActor }) {
  const crons = useSelector(actor, selectItems<Cron>);
  const now = useNow();
  return (
    <Table>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Branch</th>
          <th scope="col">Schedule</th>
          <th scope="col">Next Execution</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {crons.map((cron) => (
          <tr key={cron.id ?? cron.name}>
            <td>{cron.name}</td>
            <td>{cron.branch}</td>
            <td>{cron.expr}</td>
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
      </tbody>
    </Table>
  );
}

/** SPEC 5: schedule one of the five descriptors (default @hourly); empty branch -> master. */
function NewCronModal({ actor }: { actor: ListActor }) {
  const draft = useSelector(actor, selectDraft<CronDraft>);
  const isSubmitting = useSelector(actor, selectIsSubmitting);
  const change = (changes: Partial<CronDraft>) => actor.send({ type: 'draft.change', changes });
  return (
    <Modal title="New Cron Job" onClose={() => actor.send({ type: 'create.cancel' })}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'create.submit' });
        }}
      >
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
        <ModalFooter>
          <Button onClick={() => actor.send({ type: 'create.cancel' })} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            Create
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
