import { describe, expect, it } from 'vitest';
import { countsOfLog, rowsOf } from './testLog';

describe('JUnit XML in the log', () => {
  it('reads suites, cases, failures with their body, errors and skips', () => {
    const rows = rowsOf(
      [
        '+ cat report.xml',
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="api" tests="4" failures="1">',
        '  <testsuite name="orders" tests="4">',
        '    <testcase classname="orders.Create" name="rejects &lt;empty&gt;" time="0.01">',
        '      <failure message="expected 400, got 500" type="AssertionError"><![CDATA[at create (orders.js:10)',
        'at <anonymous> & more]]></failure>',
        '    </testcase>',
        '    <testcase classname="orders.Create" name="creates"/>',
        '    <testcase name="crashes"><error message="boom"/></testcase>',
        '    <testcase name="later"><skipped/></testcase>',
        '  </testsuite>',
        '</testsuites>',
        '<testcase name="outside"/>',
      ].join('\n'),
    );
    expect(rows.map((row) => [row.suite, row.name, row.outcome, row.line])).toEqual([
      ['orders.Create', 'rejects <empty>', 'failed', 5],
      ['orders', 'crashes', 'failed', 10],
      ['orders', 'later', 'skipped', 11],
      ['orders.Create', 'creates', 'passed', 9],
    ]);
    expect(rows[0]!.detail).toEqual({
      message: 'expected 400, got 500',
      stack: 'at create (orders.js:10)\nat <anonymous> & more',
    });
    expect(rows[1]!.detail?.message).toBe('boom');
  });

  it('keeps the cases of a document the log cut short', () => {
    expect(
      countsOfLog('<testsuite name="s">\n<testcase name="a"/>\n<testcase name="b"><failure>x'),
    ).toEqual({ passed: 1, failed: 1, skipped: 0 });
  });

  it('ignores markup that is not JUnit, and broken entities', () => {
    const rows = rowsOf(
      '<html><testcase name="x"/></html>\n<testsuite><testcase name="&#xZZ; &bogus;"/></testsuite>',
    );
    expect(rows.map((row) => row.name)).toEqual(['&#xZZ; &bogus;']);
  });
});
