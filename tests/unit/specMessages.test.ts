// @vitest-environment node
// docs/spec.md quotes every message the console shows, as the English catalog has it: Drone's spec's
// (section 8, and a screen's own in section 2) and this console's own (section 8.1), so the spec
// and the catalogs cannot drift apart.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/i18n/compile';

const spec = readFileSync(join(__dirname, '../../docs/spec.md'), 'utf8');
/** The spec's words, a line break as a space. */
const flat = spec.replace(/\s+/g, ' ');
const english = await readCatalog('en');
/** What machines report (src/i18n/message.ts): the catalog's messages groups. */
/** docs/spec.md 8's texts kept with the screen that reports them (scripts/i18n/screens.ts). */
const SCREENS_MESSAGES = [
  'build.actions.cancelFailed',
  'build.actions.restartFailed',
  'build.actions.debugFailed',
  'build.deploy.noBuild',
  'build.deploy.failed',
  'repo.newBuild.failed',
  'repo.newBuild.started',
  'dashboard.syncFailed',
];
const messages = [...english].filter(
  ([key]) =>
    (/^(settings\.)?messages\./.test(key) && key !== 'messages.server') ||
    SCREENS_MESSAGES.includes(key),
);

describe('docs/spec.md', () => {
  it('lists every message of the catalog, word for word', () => {
    const missing = messages.filter(([, text]) => !flat.includes(text)).map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("quotes the cron edit form's re-create notice", () => {
    expect(flat).toContain(english.get('settings.cron.recreated'));
  });
});
