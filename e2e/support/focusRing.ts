// Focus always visible (WCAG 2.4.7, 1.4.11): whether the focused element draws a ring of 3:1 contrast against white,
// and a walk with Tab that fails on any control reached without one. Any spec may use them on a screen it has reached.
import { expect, type Page } from '@playwright/test';

/** Whether the focused element draws a ring that stands out from a white surface (WCAG 1.4.11, 3:1): an outline of
 * 2 px or more, or a box shadow, in a colour of contrast 3:1 at least against white. */
export async function focusRing(page: Page): Promise<{ what: string; ring: boolean } | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    const lum = (c: number) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const contrasted = (css: string) => [...css.matchAll(/rgba?\(([^)]+)\)/g)].some((m) => {
      const [r, g, b, a = 1] = m[1].split(',').map(Number);
      if (a < 0.5) return false;
      return 1.05 / (0.2126 * lum(r) + 0.7152 * lum(g) + 0.0722 * lum(b) + 0.05) >= 3;
    });
    const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2 && contrasted(s.outlineColor))
      || (s.boxShadow !== 'none' && contrasted(s.boxShadow));
    const what = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} « ${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)} »`;
    return { what, ring };
  });
}

/** Presses Tab `presses` times; each control reached must show its focus ring, and most presses must reach one. */
export async function tabThrough(page: Page, presses: number, where: string) {
  const seen: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    const f = await focusRing(page);
    if (!f) continue;
    seen.push(f.what);
    expect(f.ring, `${where}: focus ring on ${f.what}`).toBe(true);
  }
  expect(seen.length, `${where}: Tab reached controls`).toBeGreaterThan(presses / 2);
}
