import type { Locator, Page } from '@playwright/test';

// The step console (docs/spec.md 2.9, 4.4) as the end-to-end specs find and measure it.

/** The console section of the step on screen. */
export const stepConsole = (page: Page) => page.locator('section[aria-label^="Console of step"]');

/** How far the console's log list is from its bottom, in pixels. */
export const distanceToBottom = (console: Locator) =>
  console
    .getByTestId('virtuoso-scroller')
    .evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
