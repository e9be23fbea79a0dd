// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n/compile';

// One way to say each thing.
const english = await readCatalog('en');

describe('the filters', () => {
  it("name their 'any' options with one capitalisation, as docs/spec.md 2.4's 'All Organizations'", () => {
    const any = [...english].filter(([key]) => /filters\.(any\.|allOrganizations)/.test(key));
    expect(any.length).toBeGreaterThan(1);
    expect(any.filter(([, text]) => !/^All( [A-Z][a-z]+)+$/.test(text))).toEqual([]);
  });
});
