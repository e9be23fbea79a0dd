import { formatDuration, type TFunction } from '../ui';
import type { Spread } from '../../machines/insights/stats';
import '../../i18n/en/insights';

/** 'median 1m 05s, p95 2m 10s over 48 runs', or that there is too little data. */
export const spreadText = (t: TFunction, figures: Spread) =>
  figures.median === null || figures.p95 === null
    ? t('insights.tooLittleData', { count: figures.count })
    : t('insights.spread', {
        median: formatDuration(figures.median),
        p95: formatDuration(figures.p95),
        count: figures.count,
      });
