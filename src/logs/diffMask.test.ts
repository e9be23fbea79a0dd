import { describe, expect, it } from 'vitest';
import { maskedLine } from './diffMask';

describe('maskedLine', () => {
  it('strips colours and the newline', () => {
    expect(maskedLine('\u001b[31mFAIL\u001b[39m src/app.test.ts\n')).toBe('FAIL src/app.test.ts');
  });

  it.each([
    ['2026-11-27T19:44:25.123Z starting', '<time> starting'],
    ['[2026-11-27 19:44:25 +0100] starting', '[<time>] starting'],
    ['time="19:44:25" level=info', 'time="<time>" level=info'],
    ['section_start:1700000600:build', 'section_start:<time>:build'],
    ['--- PASS: TestOrders (0.42s)', '--- PASS: TestOrders (<duration>)'],
    ['ok  \tgithub.com/acme/api/store\t1.902s', 'ok  \tgithub.com/acme/api/store\t<duration>'],
    ['Done in 1m3.5s, 300ms in GC', 'Done in <duration>, <duration> in GC'],
    ['Time:        3.456 s', 'Time:        <duration>'],
    ['took 12 seconds', 'took <duration>'],
    ['request 3f2504e0-4f89-41d3-9a0c-0305e82c3301 done', 'request <uuid> done'],
    ['WORK=/tmp/go-build3389125/b001/exe', 'WORK=<tmp>'],
    ['wrote /var/folders/x1/abc/T/jest_dx/cache.json', 'wrote <tmp>'],
    ['listening on http://localhost:38421/api', 'listening on http://localhost:<port>/api'],
    ['dial tcp 127.0.0.1:54021: connect refused', 'dial tcp 127.0.0.1:<port>: connect refused'],
    ['postgres started on port 5433', 'postgres started on port <port>'],
    ['Successfully built 9c2f1e7ab3d4', 'Successfully built <hex>'],
    [
      'digest: sha256:4bc453b53cb3d914b45f4b250294236adba2c0e09ff6f03793949e7e39fd4cc1',
      'digest: sha256:<hex>',
    ],
  ])('masks run-to-run noise: %s', (line, masked) => {
    expect(maskedLine(line)).toBe(masked);
  });

  it.each([
    'internal/orders/handler.go:42:7: undefined: Page',
    'expected 1000000, got 1000001',
    'the page was defaced by accident',
    'Tests: 1 failed, 17 passed, 18 total',
    'npm ERR! code ELIFECYCLE',
  ])('keeps what can differ for a reason: %s', (line) => {
    expect(maskedLine(line)).toBe(line);
  });
});
