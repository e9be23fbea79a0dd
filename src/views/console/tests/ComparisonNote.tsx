import '../../../i18n/en/tests';
import type { Comparison } from '../../../machines/console/testResults.machine';
import { useT } from '../../ui';
import { Muted } from './TestsPanel';
import type { TestsLogState } from './selectors';

// Whether the failures were compared with the previous build of the branch, and with which.

export function ComparisonNote({
  state,
  comparison,
  previousBuild,
}: {
  state: TestsLogState;
  comparison: Comparison;
  previousBuild: number | null;
}) {
  const t = useT();
  if (state === 'comparing') return <Muted role="status">{t('build.tests.comparing')}</Muted>;
  const number = previousBuild ?? 0;
  const text = {
    pending: '',
    compared: t('build.tests.compared', { number }),
    noPrevious: t('build.tests.noPrevious'),
    noPreviousStep: t('build.tests.noPreviousStep', { number }),
    failed: t('build.tests.compareFailed'),
  }[comparison];
  return text ? <Muted data-testid="tests-comparison">{text}</Muted> : null;
}
