import { describe, expect, it } from 'vitest';
import { firstErrorLine, firstErrorLineInSlices, isErrorText } from './firstError';

const log = (...outs: string[]) => ({ length: outs.length, outAt: (i: number) => `${outs[i]}\n` });

describe('first error line (issue 30 item 1)', () => {
  it.each([
    'FAIL internal/orders.TestCreate/invalid_currency (0.00s)',
    '--- FAIL: TestCreate (0.00s)',
    ' FAIL  src/api/client.test.ts',
    'not ok 3 - parses dates',
    'npm ERR! code ELIFECYCLE',
    'panic: runtime error: index out of range [3] with length 3',
    'Traceback (most recent call last):',
    'Error: Cannot find module "left-pad"',
    'TypeError: undefined is not a function',
    'error: failed to push some refs',
    "  42:7  error  'unused' is assigned a value but never used",
    '[ERROR] Failed to execute goal',
    'fatal: repository not found',
    'Process completed with exit code 2',
    'make: *** [all] exited with code 1',
    '  ✘  13 [firefox] › build-logs.spec.ts:32:5 › case 3',
    '  1 failed',
  ])('reads %j as an error', (text) => {
    expect(isErrorText(text)).toBe(true);
  });

  it.each([
    'PASS internal/auth.TestLogin (0.01s)',
    'ok  	github.com/acme/api/internal/auth	0.412s',
    '0 errors, 2 warnings',
    'no errors found',
    'exit code 0',
    'Exit Code 0',
    'src/errors.ts compiled',
    'handling the error case',
    '  24 passed (41.2s)',
    '+ go test ./...',
  ])('does not read %j as an error', (text) => {
    expect(isErrorText(text)).toBe(false);
  });

  it('finds the first error line on the text a reader sees (colours removed)', () => {
    const lines = log(
      '+ gotestsum',
      '\u001b[32mPASS\u001b[0m internal/auth.TestLogin',
      '\u001b[31mFAIL\u001b[0m internal/orders.TestCreate',
      '--- FAIL: TestCreate',
    );
    expect(firstErrorLine(lines)).toBe(2);
    expect(firstErrorLine(lines, 3)).toBe(3);
  });

  it('answers -1 for a log without an error line', () => {
    expect(firstErrorLine(log('+ make', 'all good'))).toBe(-1);
    expect(firstErrorLine(log())).toBe(-1);
  });
});

describe('first error line, in slices', () => {
  // Each slice runs at once: the test sees the whole look, slice after slice.
  const atOnce = (task: () => void) => {
    task();
    return () => undefined;
  };
  const lines = (count: number, errorAt = -1) =>
    log(...Array.from({ length: count }, (_, i) => (i === errorAt ? 'Error: boom' : `ok ${i}`)));

  it('finds a line beyond the first slice, the first of several', async () => {
    expect(await firstErrorLineInSlices(lines(10_000, 5_000), undefined, atOnce)).toBe(5_000);
  });

  it('answers -1 for a log without an error line', async () => {
    expect(await firstErrorLineInSlices(lines(3_000), undefined, atOnce)).toBe(-1);
  });
});
