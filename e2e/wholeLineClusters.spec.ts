// 'Ajuster à la ligne' on the demo line, phone and desktop: the whole-line view clusters at its own scale (the
// cluster levels go down to it), so the frame holds no more discs than fit side by side along the two tracks
// (each at least 28 px wide); at zoom 0.5's clustering it held several times more, drawn over each other.
// Disc-by-disc overlap is checked on the cluster index itself (src/core/cluster/wholeLineZoom.test.ts).
import { expect } from '@playwright/test';
import { test } from './support/test';
import { DESKTOP, PHONE, shot, signIn } from './appHelpers';

const MIN_DISC_PX = 28; // a single marker is 26 px, the smallest cluster 28 px (src/map/drawPoints.ts)

for (const v of [{ name: 'desktop', options: { viewport: DESKTOP } }, { name: 'phone', options: { viewport: PHONE, isMobile: true, hasTouch: true } }]) {
  test(`${v.name}: the whole line's clusters fit side by side`, async ({ browser }) => {
    const ctx = await browser.newContext(v.options);
    const page = await ctx.newPage();
    await signIn(page);
    const map = page.getByTestId('map-canvas');
    await expect.poll(async () => Number(await map.getAttribute('data-frame-items') ?? 0), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Ajuster à la ligne' }).click();
    await expect.poll(async () => Number(await map.getAttribute('data-frame-level') ?? 99), { timeout: 30_000 }).toBeLessThan(4);
    const width = (await map.boundingBox())!.width;
    const items = Number(await map.getAttribute('data-frame-items'));
    expect(items).toBeGreaterThan(0);
    expect(items).toBeLessThanOrEqual(2 * Math.floor(width / MIN_DISC_PX));
    await page.waitForTimeout(1000);
    await shot(page, `${v.name}-whole-line-clusters`);
    await ctx.close();
  });
}
