import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { cronRunMachine, selectRunningCron } from '../../machines/settings/cronRun.machine';
import type { Cron, Repository } from '../../api/types';
import {
  CRON_SCHEDULES,
  EXPR_MAX_LENGTH,
  previewSchedule,
} from '../../machines/settings/cronSchedule';
import {
  cronInput,
  cronMachine,
  cronPatchOf,
  type CronDraft,
  type CronPatch,
} from '../../machines/settings/resourceLists';
import {
  Button,
  formatDate,
  formatRelative,
  formatWithWeekday,
  isoDate,
  Notice,
  UserText,
  useNow,
  useT,
  type TFunction,
} from '../ui';
import { SelectField, TextField } from '../ui/Form';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { ResourceListScreen, textCell, type ListScreenDescription } from './ResourceListScreen';
import '../../i18n/en/settings';

// docs/spec.md 2.12 cron section (.../settings/cron), with the schedule edited in place and
// previewed while typing (issue 19).

/** Relative time; the absolute date on hover. */
function NextExecution({ next }: { next: number }) {
  const now = useNow();
  return (
    <time dateTime={isoDate(next)} title={formatDate(next)}>
      {formatRelative(next, now)}
    </time>
  );
}

const Muted = styled('span', { color: '$textMuted' });

const CUSTOM = 'custom';

const Runs = styled('ol', {
  margin: '$1 0 0',
  paddingLeft: '$4',
  fontVariantNumeric: 'tabular-nums',
});

/**
 * The next runs of what the form holds, or the parser's error (the form cannot be sent then).
 * Drone schedules in UTC; the runs show in the user's own zone and language.
 */
function SchedulePreview({ expr, id }: { expr: string; id: string }) {
  const t = useT();
  const now = useNow();
  const preview = previewSchedule(expr, now);
  return (
    <div id={id} aria-live="polite" data-testid="schedule-preview" style={{ marginBottom: 16 }}>
      {preview.tooLong ? (
        <Notice tone="danger">{t('settings.cron.tooLong', { count: EXPR_MAX_LENGTH })}</Notice>
      ) : preview.error !== null ? (
        <Notice tone="danger">
          <UserText>{t(preview.error.key, preview.error.values)}</UserText>
        </Notice>
      ) : preview.runs.length === 0 ? (
        <Notice>{t('settings.cron.neverRuns')}</Notice>
      ) : (
        <>
          <strong>{t('settings.cron.nextRuns', { count: preview.runs.length })}</strong>
          <Runs>
            {preview.runs.map((run) => (
              <li key={run}>
                <time dateTime={isoDate(run / 1000)}>{formatWithWeekday(run)}</time>
              </li>
            ))}
          </Runs>
        </>
      )}
    </div>
  );
}

/**
 * docs/spec.md 5's descriptors (default @hourly), or a custom robfig/cron expression. Editing, a
 * new expression re-creates the job (Drone cannot change it in place): the form says so.
 */
function ScheduleField({
  values,
  change,
  cron,
}: {
  values: CronDraft | CronPatch;
  change: (changes: Partial<CronPatch>) => void;
  cron: Cron | null;
}) {
  const t = useT();
  const previewId = useId();
  // docs/spec.md 5's presets, then a custom expression (issue 19).
  const options = [...CRON_SCHEDULES, { value: CUSTOM, label: t('settings.cron.custom') }];
  return (
    <>
      <SelectField
        label={t('settings.cron.schedule')}
        value={values.custom ? CUSTOM : values.expr}
        options={options}
        onValue={(value) =>
          value === CUSTOM ? change({ custom: true }) : change({ custom: false, expr: value })
        }
      />
      {values.custom ? (
        <TextField
          label={t('settings.cron.expression')}
          hint={t('settings.cron.expressionHint')}
          value={values.expr}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={previewId}
          onValue={(expr) => change({ expr })}
        />
      ) : null}
      <SchedulePreview expr={values.expr} id={previewId} />
      {cron && values.expr !== cron.expr ? (
        <Notice tone="warning" css={{ marginBottom: '$3' }}>
          {t('settings.cron.recreated')}
        </Notice>
      ) : null}
    </>
  );
}

const scheduleField = {
  kind: 'custom',
  render: (
    values: CronDraft | CronPatch,
    change: (changes: Partial<CronPatch>) => void,
    cron: Cron | null,
  ) => <ScheduleField values={values} change={change} cron={cron} />,
} as const;

type CronRunActor = ReturnType<typeof useInspectedActorRef<typeof cronRunMachine>>;

/** Issue 31 part 5: run the job now (not destructive: no confirmation). */
function RunNow({ cron, runs }: { cron: Cron; runs: CronRunActor }) {
  const t = useT();
  const running = useSelector(runs, selectRunningCron);
  return (
    <Button
      size="small"
      disabled={running !== null}
      aria-label={t('settings.cron.runNowLabel', { name: cron.name })}
      onClick={() => runs.send({ type: 'cron.run', name: cron.name })}
    >
      {running === cron.name ? t('settings.cron.running') : t('settings.cron.runNow')}
    </Button>
  );
}

function cronScreen(
  t: TFunction,
  runs: CronRunActor,
): ListScreenDescription<Cron, CronDraft, CronPatch> {
  const branchField = {
    kind: 'text',
    key: 'branch',
    label: t('settings.cron.branch'),
    placeholder: 'master',
  } as const;
  return {
    title: t('settings.cron.title'),
    newLabel: t('settings.cron.newLabel'),
    emptyTitle: t('settings.cron.emptyTitle'),
    emptyText: t('settings.cron.emptyText'),
    columns: [
      { header: t('settings.list.name'), cell: textCell((cron) => cron.name) },
      { header: t('settings.cron.branch'), cell: textCell((cron) => cron.branch) },
      { header: t('settings.cron.schedule'), cell: textCell((cron) => cron.expr) },
      {
        header: t('settings.cron.nextExecution'),
        // A disabled job never runs (issue 29 item 8): Drone keeps its `next` all the same.
        cell: (cron) =>
          cron.disabled ? (
            <Muted>{t('settings.cron.disabled')}</Muted>
          ) : (
            <NextExecution next={cron.next} />
          ),
      },
      { header: t('settings.cron.run'), cell: (cron) => <RunNow cron={cron} runs={runs} /> },
    ],
    nameOf: (cron) => cron.name,
    // docs/spec.md 5: an empty branch is master. The name cannot change (it is the job's address).
    create: {
      fields: [
        { kind: 'text', key: 'name', label: t('settings.list.name') },
        branchField,
        scheduleField,
      ],
    },
    edit: { patchOf: cronPatchOf, fields: [branchField, scheduleField] },
  };
}

export function CronSettings({ repo }: { repo: Repository }) {
  const actor = useInspectedActorRef(cronMachine, {
    input: cronInput({ namespace: repo.namespace, name: repo.name }),
  });
  const runs = useInspectedActorRef(cronRunMachine, {
    input: { repo: { namespace: repo.namespace, name: repo.name } },
  });
  const t = useT();
  return <ResourceListScreen actor={actor} screen={cronScreen(t, runs)} />;
}
