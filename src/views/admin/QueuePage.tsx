import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { platformOf, type QueueBuild } from '../../machines/queue/queueReport';
import {
  queuePageMachine,
  reportOf,
  selectConfirming,
  selectData,
  selectIsLoading,
  selectIsSwitching,
  selectNow,
  selectPickups,
  selectProblem,
  selectScheduler,
  selectStaleError,
  selectUnsupported,
} from '../../machines/queue/queuePage.machine';
import { pagePath } from '../../api/urls';
import { usePageTitle } from '../shell/title';
import {
  Button,
  EmptyState,
  LoadFailed,
  Loading,
  Notice,
  Page,
  PageHeader,
  Row,
  SectionTitle,
  StatusIcon,
  Tabs,
  UserText,
  formatDuration,
  useT,
  type TFunction,
} from '../ui';
import { ConfirmDialog } from '../ui/Modal';
import { Table, TableScroll } from '../ui/Table';
import { styled } from '../ui/theme';
import { useInspectedActorRef } from '../useInspectedActorRef';
import { adminTabs } from './adminTabs';
import '../../i18n/en/admin';

// Issue 31 part 4: /settings/queue, system administrators only. Renders the queue machine's
// report: pending stages with their wait, platform, labels and hints; running stages by runner;
// counts per platform; pause and resume of the scheduler.

type QueueActor = ReturnType<typeof useInspectedActorRef<typeof queuePageMachine>>;

const Hints = styled('ul', { margin: 0, paddingLeft: '$4', color: '$textMuted' });
const Muted = styled('span', { color: '$textMuted' });
const Caption = styled('caption', { textAlign: 'left', fontWeight: 600, padding: '$2 0' });

function BuildLink({ build }: { build?: QueueBuild }) {
  const t = useT();
  if (!build) return <Muted>{t('admin.queue.unknownBuild')}</Muted>;
  return (
    <Link href={pagePath(build.namespace, build.name, build.number)}>
      <UserText>{`${build.namespace}/${build.name} #${build.number}`}</UserText>
    </Link>
  );
}

export function QueuePage() {
  const t = useT();
  usePageTitle(t('admin.queue.title'));
  const actor = useInspectedActorRef(queuePageMachine);
  const loading = useSelector(actor, selectIsLoading);
  const problem = useSelector(actor, selectProblem);
  const unsupported = useSelector(actor, selectUnsupported);
  return (
    <Page>
      <PageHeader>
        <h1>{t('admin.title')}</h1>
      </PageHeader>
      <Tabs label={t('admin.title')} items={adminTabs(t)} />
      {loading ? (
        <Loading />
      ) : unsupported ? (
        <Notice data-testid="queue-unsupported">
          <UserText>{t(unsupported.key, unsupported.values)}</UserText>
        </Notice>
      ) : problem ? (
        <LoadFailed
          message={t(problem.key, problem.values)}
          onRetry={() => actor.send({ type: 'queue.retry' })}
        />
      ) : (
        <QueueReportView actor={actor} />
      )}
    </Page>
  );
}

function SchedulerControls({ actor }: { actor: QueueActor }) {
  const t = useT();
  const scheduler = useSelector(actor, selectScheduler);
  const confirming = useSelector(actor, selectConfirming);
  const switching = useSelector(actor, selectIsSwitching);
  return (
    <Row css={{ gap: '$2', alignItems: 'center', flexWrap: 'wrap', marginBottom: '$3' }}>
      <span data-testid="scheduler-state">{t(`admin.queue.scheduler.${scheduler}`)}</span>
      <Button disabled={switching} onClick={() => actor.send({ type: 'queue.pause' })}>
        {t('admin.queue.pause')}
      </Button>
      <Button disabled={switching} onClick={() => actor.send({ type: 'queue.resume' })}>
        {t('admin.queue.resume')}
      </Button>
      <Button variant="ghost" onClick={() => actor.send({ type: 'queue.refresh' })}>
        {t('admin.queue.refresh')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          message={t(`admin.queue.confirm.${confirming}`)}
          confirmLabel={t(`admin.queue.${confirming}`)}
          onConfirm={() => actor.send({ type: 'confirm.accept' })}
          onCancel={() => actor.send({ type: 'confirm.cancel' })}
        />
      ) : null}
    </Row>
  );
}

function QueueReportView({ actor }: { actor: QueueActor }) {
  const t = useT();
  const data = useSelector(actor, selectData);
  const now = useSelector(actor, selectNow);
  const pickups = useSelector(actor, selectPickups);
  const scheduler = useSelector(actor, selectScheduler);
  const stale = useSelector(actor, selectStaleError);
  const report = useMemo(
    () => reportOf({ data, now, pickups, scheduler }),
    [data, now, pickups, scheduler],
  );
  return (
    <>
      <SchedulerControls actor={actor} />
      {stale ? (
        <Notice tone="danger">
          <UserText>{t('admin.queue.stale', { message: t(stale.key, stale.values) })}</UserText>
        </Notice>
      ) : null}
      <section aria-labelledby="queue-pending">
        <SectionTitle id="queue-pending">
          {t('admin.queue.pending', { count: report.pending.length })}
        </SectionTitle>
        {report.pending.length === 0 ? (
          <EmptyState title={t('admin.queue.nonePending')}>{''}</EmptyState>
        ) : (
          <PendingTable report={report} t={t} />
        )}
      </section>
      <section aria-labelledby="queue-running">
        <SectionTitle id="queue-running">
          {t('admin.queue.running', {
            count: report.runners.reduce((sum, group) => sum + group.stages.length, 0),
          })}
        </SectionTitle>
        {report.runners.length === 0 ? (
          <EmptyState title={t('admin.queue.noneRunning')}>{''}</EmptyState>
        ) : (
          report.runners.map((group) => (
            <TableScroll key={group.machine}>
              <Table
                stacked
                aria-label={t('admin.queue.runner', { machine: group.machine || '?' })}
              >
                <Caption>
                  <UserText>{group.machine || t('admin.queue.noRunner')}</UserText>
                </Caption>
                <thead>
                  <tr>
                    <th>{t('admin.queue.columns.build')}</th>
                    <th>{t('admin.queue.columns.stage')}</th>
                    <th>{t('admin.queue.columns.platform')}</th>
                    <th>{t('admin.queue.columns.elapsed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {group.stages.map(({ stage, build, elapsed }) => (
                    <tr key={stage.id} data-testid="running-stage">
                      <td data-label={t('admin.queue.columns.build')}>
                        <BuildLink build={build} />
                      </td>
                      <td data-label={t('admin.queue.columns.stage')}>
                        <UserText>{stage.name}</UserText>
                      </td>
                      <td data-label={t('admin.queue.columns.platform')}>
                        <UserText>{platformOf(stage)}</UserText>
                      </td>
                      <td data-label={t('admin.queue.columns.elapsed')}>
                        {formatDuration(elapsed)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          ))
        )}
      </section>
      <section aria-labelledby="queue-platforms">
        <SectionTitle id="queue-platforms">{t('admin.queue.platforms')}</SectionTitle>
        <TableScroll>
          <Table aria-labelledby="queue-platforms">
            <thead>
              <tr>
                <th>{t('admin.queue.columns.platform')}</th>
                <th>{t('admin.queue.columns.pending')}</th>
                <th>{t('admin.queue.columns.running')}</th>
              </tr>
            </thead>
            <tbody>
              {report.platforms.map((count) => (
                <tr key={count.platform} data-testid="platform-count">
                  <td>
                    <UserText>{count.platform}</UserText>
                  </td>
                  <td>{count.pending}</td>
                  <td>{count.running}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </section>
    </>
  );
}

function PendingTable({ report, t }: { report: ReturnType<typeof reportOf>; t: TFunction }) {
  return (
    <TableScroll>
      <Table stacked aria-label={t('admin.queue.pendingLabel')}>
        <thead>
          <tr>
            <th>
              <span className="visually-hidden">{t('admin.queue.columns.status')}</span>
            </th>
            <th>{t('admin.queue.columns.build')}</th>
            <th>{t('admin.queue.columns.stage')}</th>
            <th>{t('admin.queue.columns.waiting')}</th>
            <th>{t('admin.queue.columns.platform')}</th>
            <th>{t('admin.queue.columns.labels')}</th>
            <th>{t('admin.queue.columns.why')}</th>
          </tr>
        </thead>
        <tbody>
          {report.pending.map((row) => (
            <tr key={row.stage.id} data-testid="pending-stage">
              <td>
                <StatusIcon status={row.stage.status} />
              </td>
              <td data-label={t('admin.queue.columns.build')}>
                <BuildLink build={row.build} />
              </td>
              <td data-label={t('admin.queue.columns.stage')}>
                <UserText>{row.stage.name}</UserText>
              </td>
              <td data-label={t('admin.queue.columns.waiting')} data-testid="waited">
                {formatDuration(row.waited)}
              </td>
              <td data-label={t('admin.queue.columns.platform')}>
                <UserText>{row.platform}</UserText>
              </td>
              <td data-label={t('admin.queue.columns.labels')}>
                <UserText>{row.labels.join(', ')}</UserText>
              </td>
              <td data-label={t('admin.queue.columns.why')}>
                {row.hints.length > 0 ? (
                  <Hints>
                    {row.hints.map((hint) => (
                      <li key={hint.key}>
                        <UserText>{t(hint.key, hint.values)}</UserText>
                      </li>
                    ))}
                  </Hints>
                ) : null}
                {row.holders.length > 0 ? (
                  <Muted>
                    {t('admin.queue.heldBy')}{' '}
                    {row.holders.map((holder, index) => (
                      <span key={holder.stage.id}>
                        {index > 0 ? ', ' : ''}
                        <BuildLink build={holder.build} />{' '}
                        {t(
                          holder.running ? 'admin.queue.holderRunning' : 'admin.queue.holderAhead',
                        )}
                      </span>
                    ))}
                  </Muted>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
