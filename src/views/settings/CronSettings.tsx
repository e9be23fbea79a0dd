import type { Cron, Repository } from '../../api/types';
import {
  CRON_SCHEDULES,
  cronInput,
  cronMachine,
  type CronDraft,
} from '../../machines/settings/resourceLists';
import { formatDate, formatRelative, useNow } from '../ui';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';

// docs/spec.md 2.12 cron section (.../settings/cron).

/** Relative time; the absolute date on hover. */
function NextExecution({ next }: { next: number }) {
  const now = useNow();
  return (
    <time
      dateTime={next ? new Date(next * 1000).toISOString() : undefined}
      title={formatDate(next)}
    >
      {formatRelative(next, now)}
    </time>
  );
}

const cronScreen: ListScreenDescription<Cron, CronDraft, never> = {
  title: 'Cron Jobs',
  newLabel: 'New Cron Job',
  emptyTitle: 'No Cron Jobs',
  emptyText: 'You can create cron jobs to schedule pipeline executions on a recurring basis.',
  columns: [
    { header: 'Name', cell: textCell((cron) => cron.name) },
    { header: 'Branch', cell: textCell((cron) => cron.branch) },
    { header: 'Schedule', cell: textCell((cron) => cron.expr) },
    { header: 'Next Execution', cell: (cron) => <NextExecution next={cron.next} /> },
  ],
  nameOf: (cron) => cron.name,
  // docs/spec.md 5: one of the five descriptors (default @hourly); an empty branch is master.
  create: {
    fields: [
      { kind: 'text', key: 'name', label: 'Name' },
      { kind: 'text', key: 'branch', label: 'Branch', placeholder: 'master' },
      { kind: 'select', key: 'expr', label: 'Schedule', options: CRON_SCHEDULES },
    ],
  },
};

export function CronSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(cronMachine, {
    input: cronInput({ namespace: repo.namespace, name: repo.name }),
  });
  return <ResourceListScreen actor={actor} screen={cronScreen} />;
}
