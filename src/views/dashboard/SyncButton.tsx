import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectIsSyncing } from '../../machines/dashboard/accountSync.machine';
import {
  selectAccountSync,
  type dashboardMachine,
} from '../../machines/dashboard/dashboard.machine';
import { Button, Spinner, useT } from '../ui';
import '../../i18n/en/dashboard';

/** docs/spec.md 2.4 / 4.7: 'Sync', or 'Syncing' with a spinner while the account sync runs. */
export function SyncButton({ dashboard }: { dashboard: ActorRefFrom<typeof dashboardMachine> }) {
  const t = useT();
  const accountSync = useSelector(dashboard, selectAccountSync);
  const syncing = useSelector(accountSync, (snapshot) =>
    snapshot ? selectIsSyncing(snapshot) : false,
  );
  return (
    <Button
      onClick={() => accountSync?.send({ type: 'sync.start' })}
      disabled={syncing}
      aria-busy={syncing}
    >
      {syncing ? (
        <>
          <Spinner aria-hidden="true" /> {t('dashboard.syncing')}
        </>
      ) : (
        <>
          <SyncIcon /> {t('dashboard.sync')}
        </>
      )}
    </Button>
  );
}

const SyncIcon = () => (
  <svg
    viewBox="0 0 24 24"
    width="14"
    height="14"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M20 11a8 8 0 0 0-14.9-3M4 4v4h4M4 13a8 8 0 0 0 14.9 3M20 20v-4h-4" />
  </svg>
);
