// @vitest-environment node
// docs/spec.md quotes every message the console shows, as the English catalog has it: Drone's spec's
// (section 8, and a screen's own in section 2) and this console's own (section 8.1), so the spec
// and the catalogs cannot drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en';

const spec = readFileSync(join(__dirname, '../../docs/spec.md'), 'utf8');
/** The spec's words: `{message}` for the catalog's `{{message}}`, a line break as a space. */
const flat = spec.replace(/\s+/g, ' ');
const asSpecWrites = (text: string) => text.replace(/\{\{(\w+)\}\}/g, '{$1}');

describe('docs/spec.md', () => {
  it('lists every message of the catalog, word for word', () => {
    const missing = Object.entries(en.messages)
      .filter(([, text]) => !flat.includes(asSpecWrites(text)))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("quotes the cron edit form's re-create notice", () => {
    expect(flat).toContain(en.settings.cron.recreated);
  });
});
