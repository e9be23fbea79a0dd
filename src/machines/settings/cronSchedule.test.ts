import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../tests/language';
import { t } from '../../i18n';
import { previewSchedule } from './cronSchedule';

// A refused expression is explained in words, in the language shown, not in
// the parser's text ('End of range (61) above maximum (59): 61', which the mock server answers).
const said = (expr: string) => {
  const { error } = previewSchedule(expr, 0);
  return error && t(error.key, error.values);
};

describe('a cron expression the parser refuses', () => {
  it('says what is wrong in words', () => {
    expect(said('61 * * * * *')).toBe('seconds must be 0-59, got 61');
    expect(said('0 0 0 0 * *')).toBe('day of month must be 1-31, got 0');
    expect(said('0 0 0 * 13 *')).toBe('month must be 1-12, got 13');
    expect(said('0 0 0 * * 7')).toBe('day of week must be 0-6, got 7');
    expect(said('* * *')).toBe('Give 5 or 6 fields, seconds first: found 3');
    expect(said('0 x * * * *')).toBe('x is not a number');
    expect(said('0 5-1 * * * *')).toBe('5-1: the range starts after it ends');
    expect(said('0 */0 * * * *')).toBe('*/0: the step must be more than 0');
    expect(said('@every 5x')).toBe('5x is not a duration (such as 90s or 1h30m)');
    expect(said('0 30 9 * * mon')).toBeNull();
  });

  it('says it in Chinese too', async () => {
    await switchLanguage('zh-CN');
    expect(said('61 * * * * *')).toBe('秒必须在 0-59 之间，实际为 61');
    expect(said('0 0 25 * * *')).toBe('小时必须在 0-23 之间，实际为 25');
  });
});
