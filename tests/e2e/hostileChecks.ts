import { expect, type Page } from '@playwright/test';
import { hasInvisibles, splitInvisibles } from '../../src/text/invisibles';

// What both hostile-data suites (hostile.spec.ts on the in-browser mock, hostile-standalone.spec.ts
// over HTTP) check on every screen: payloads show as text, nothing they carry ever runs.

/** A payload as the console shows it: each invisible character as its `U+XXXX` marker. */
export const shown = (text: string) =>
  splitInvisibles(text)
    .map((part) => (typeof part === 'string' ? part : part.label))
    .join('');

export const isPwned = (page: Page) =>
  page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned === true);

/**
 * Text of the page that still holds a character the console must mark: its text, its title, and
 * the attributes read out or shown as plain text (aria-label, title, alt, placeholder: issue 28
 * item 10).
 */
async function rawInvisibles(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The template editor shows such characters its own way (CodeMirror's special chars).
      if (node.parentElement?.closest('script, style, .cm-editor')) continue;
      found.push(node.nodeValue ?? '');
    }
    const attributes = ['aria-label', 'title', 'alt', 'placeholder', 'aria-description'];
    for (const element of document.body.querySelectorAll('*')) {
      if (element.closest('.cm-editor')) continue;
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) found.push(`${name}: ${value}`);
      }
    }
    return found;
  });
  return texts.filter(hasInvisibles).map((text) => JSON.stringify(text.slice(0, 200)));
}

/**
 * Shows each text on screen (as the console shows it), then checks that nothing ran, no markup
 * turned into elements, no link leads to script, and no invisible character is on screen raw.
 */
export async function expectInert(page: Page, texts: readonly string[]): Promise<void> {
  for (const text of texts) {
    // Visible where the page shows it; the same text may also sit hidden (a filter's <option>).
    await expect(page.getByText(shown(text)).filter({ visible: true }).first()).toBeVisible();
  }
  // Give onload/onerror handlers and focus handlers a chance to fire.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.waitForTimeout(300);
  expect(await isPwned(page)).toBe(false);
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll(
        '#root script, #root iframe, #root object, #root img[src="x"], #root svg[onload], ' +
          '#root details[ontoggle], #root form[action], #root meta, #root base, ' +
          '[onerror], [onfocus], [onload]',
      ).length,
  );
  expect(injected).toBe(0);
  await expect(page.locator('a[href^="javascript:" i], a[href^="data:" i]')).toHaveCount(0);
  expect(await rawInvisibles(page)).toEqual([]);
}
