import { expect, type Locator, type Page } from '@playwright/test';

// The step console (docs/spec.md 2.9, 4.4) as the end-to-end specs find and measure it.

/** The console section of the step on screen. */
export const stepConsole = (page: Page) => page.locator('section[aria-label^="Console of step"]');

/** How far the console's log list is from its bottom, in pixels. */
export const distanceToBottom = (console: Locator) =>
  console
    .getByTestId('virtuoso-scroller')
    .evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);

/**
 * Waits until a step console shows its step running with at least `lines` lines: proof that the
 * live log arrives while the step runs (a buffering proxy would deliver it only at the end).
 * Checked at every frame, as a step's run is short; as long as the test may take.
 */
export const waitForLiveLines = (page: Page, lines = 3) =>
  page.waitForFunction(
    (count) =>
      [...document.querySelectorAll('section[aria-label^="Console of step"]')].some(
        (section) =>
          section.querySelector('[data-testid="console-footer"]')?.textContent ===
            'Step is running...' && section.querySelectorAll('[data-pos]').length >= count,
      ),
    lines,
    { polling: 'raf' },
  );

/**
 * The top of the row showing `text` (the first paint's or react-virtuoso's), in the window: asked
 * again should the rows be handed over between finding and measuring it.
 */
export const rowTop = (page: Page, text: string) => async () => {
  const row = page.getByText(text).filter({ visible: true }).first();
  let top: number | undefined;
  await expect.poll(async () => (top = (await row.boundingBox())?.y)).toBeDefined();
  return top!;
};
