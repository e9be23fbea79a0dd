import '../../i18n/en/admin';
import type { TabItem, TFunction } from '../ui';

/** docs/spec.md 2.13: the system administration tabs (Queue: issue 31 part 4). */
export const adminTabs = (t: TFunction): TabItem[] => [
  { label: t('admin.users'), href: '/settings/users' },
  { label: t('admin.queue.tab'), href: '/settings/queue' },
];
