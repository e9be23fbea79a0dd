import type { Locator, Page } from '@playwright/test';
import { expect, openMock, test } from './fixtures';

// Readable machine charts (issue 19 item 7): at the default zoom every state name is drawn at
// 12 px or more on screen (the chart's attributes give the zoom and the names' size), the chart
// fits the width, nested states fold, and the buttons, Ctrl + wheel and a drag zoom and pan; a
// plain wheel turn scrolls the page.

const MIN_READABLE_PX = 12;

async function openChart(page: Page, machine: string): Promise<Locator> {
  await openMock(page, '/-/machines');
  const machines = page.getByRole('navigation', { name: 'Machines' });
  await machines.getByRole('button', { name: machine, exact: true }).click();
  const chart = page.getByRole('img', { name: `State chart of ${machine}` });
  await expect(chart.locator('canvas').first()).toBeVisible();
  // The canvas shows the chart machine's viewport: its attributes describe what is drawn.
  await expect(chart).toHaveAttribute('data-viewport-shown', 'true');
  return chart;
}

const numberOf = async (chart: Locator, name: string) =>
  Number(await chart.getAttribute(`data-${name}`));

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the console machine: readable, folds, zooms, pans and fits', async ({ page }) => {
    const chart = await openChart(page, 'console');
    const zoom = () => numberOf(chart, 'zoom');

    // Every state but the machine's frame is drawn, names at 12 px or more, all of it in width.
    expect(await numberOf(chart, 'drawn-states')).toBe(8);
    expect(await numberOf(chart, 'state-font-px')).toBeGreaterThanOrEqual(MIN_READABLE_PX);
    const box = (await chart.boundingBox())!;
    expect(await numberOf(chart, 'drawing-width')).toBeLessThanOrEqual(box.width);
    // And in height: no state name falls below the canvas.
    expect(await numberOf(chart, 'drawing-height')).toBeLessThanOrEqual(box.height);
    const fit = await zoom();
    expect(fit).toBe(await numberOf(chart, 'fit-zoom'));

    // A nested state folds into one and unfolds.
    const loading = page
      .getByRole('group', { name: 'Nested states' })
      .getByRole('button', { name: /loading/ });
    await loading.click();
    await expect(loading).toHaveAttribute('aria-expanded', 'false');
    await expect(chart).toHaveAttribute('data-drawn-states', '6');
    await loading.click();
    await expect(loading).toHaveAttribute('aria-expanded', 'true');
    await expect(chart).toHaveAttribute('data-drawn-states', '8');

    const view = page.getByRole('toolbar', { name: 'Chart view' });
    const fitButton = view.getByRole('button', { name: 'Fit', exact: true });
    await expect(fitButton).toHaveAttribute('aria-pressed', 'true');
    await view.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(zoom).toBeGreaterThan(fit);
    await expect(fitButton).toHaveAttribute('aria-pressed', 'false');
    await fitButton.click();
    await expect.poll(zoom).toBe(fit);
    await view.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(zoom).toBeLessThan(fit);
    await fitButton.click();
    await expect.poll(zoom).toBe(fit);

    const originX = () => numberOf(chart, 'origin-x');
    const fitX = await originX();
    await view.getByRole('button', { name: 'Pan left' }).click();
    await expect.poll(originX).toBe(fitX + 80);
    await fitButton.click();
    await expect.poll(originX).toBe(fitX);

    // A plain wheel turn over the canvas scrolls the page and leaves the zoom alone...
    await expect(chart).toHaveAttribute('data-viewport-shown', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    const scrollY = () => page.evaluate(() => window.scrollY);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(800);
    let area = (await chart.boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + 40);
    await page.mouse.wheel(0, 200);
    await expect.poll(scrollY).toBeGreaterThan(0);
    expect(await zoom()).toBe(fit);
    // ...and with Ctrl held it zooms the canvas (G6 reports it to the chart's machine), over the
    // canvas where it is now; a turn before the graph has rendered is turned again...
    area = (await chart.boundingBox())!;
    await page.mouse.move(area.x + area.width / 2, area.y + 40);
    const scrolled = await scrollY();
    await page.keyboard.down('Control');
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, -400);
        return zoom();
      })
      .toBeGreaterThan(fit);
    await page.keyboard.up('Control');
    expect(await scrollY()).toBe(scrolled);
    await fitButton.click();
    await expect.poll(zoom).toBe(fit);
    // ...and a drag on its background pans it, once the canvas shows the fitted chart.
    await expect(chart).toHaveAttribute('data-viewport-shown', 'true');
    const corner = (await chart.boundingBox())!;
    await page.mouse.move(corner.x + 6, corner.y + 6);
    await page.mouse.down();
    // G6 takes a press held 100 ms and moved 10 px for a drag, as a hand makes it.
    await page.mouse.move(corner.x + 18, corner.y + 14);
    await page.waitForTimeout(150);
    await page.mouse.move(corner.x + 66, corner.y + 46, { steps: 5 });
    await page.mouse.up();
    await expect.poll(originX).toBeGreaterThan(fitX + 30);
    await expect(fitButton).toHaveAttribute('aria-pressed', 'false');
    await fitButton.click();
    await expect.poll(originX).toBe(fitX);
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('state names stay readable; the chart pans instead of shrinking', async ({ page }) => {
    const chart = await openChart(page, 'buildPage');
    expect(await numberOf(chart, 'state-font-px')).toBeGreaterThanOrEqual(MIN_READABLE_PX);
  });
});
