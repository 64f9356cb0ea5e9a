import { afterEach, describe, expect, it } from 'vitest';
import { fitHeader, HEADER_FIT_STEPS } from './useHeaderFit';

// A header of three parts whose widths shrink at each step, as layout.css's steps do.
const STYLE = `.fit-test { display: flex; box-sizing: border-box; } .fit-test > span { flex: none; display: block; height: 10px; width: 100px; }
${Array.from({ length: HEADER_FIT_STEPS }, (_, k) => `.fit-test.header-fit-${k + 1} > span { width: ${100 - 10 * (k + 1)}px; }`).join('\n')}`;

function header(width: number): HTMLElement {
  const h = document.createElement('header');
  h.className = 'fit-test';
  h.style.width = `${width}px`;
  for (let i = 0; i < 3; i++) h.append(document.createElement('span'));
  document.body.append(h);
  return h;
}

/** The step a one-by-one trial finds: the first whose parts fit (three parts of 100 - 10·step px). */
const expectedStep = (width: number): number => {
  for (let step = 0; step <= HEADER_FIT_STEPS; step++) if (3 * (100 - 10 * step) <= width) return step;
  return HEADER_FIT_STEPS;
};

describe('fitHeader', () => {
  const style = document.createElement('style');
  style.textContent = STYLE;
  document.head.append(style);
  afterEach(() => { document.querySelectorAll('.fit-test').forEach((h) => h.remove()); });

  it('takes the first step at which every part fits, the last when none does, and leaves exactly its classes', () => {
    for (const width of [400, 300, 299, 270, 241, 240, 180, 121, 90, 60, 20]) {
      const h = header(width);
      const step = fitHeader(h);
      expect(step, `width ${width}`).toBe(expectedStep(width));
      for (let s = 1; s <= HEADER_FIT_STEPS; s++) expect(h.classList.contains(`header-fit-${s}`)).toBe(s <= step);
      h.remove();
    }
  });

  it('refits from any step already set, wider or narrower', () => {
    const h = header(150);
    expect(fitHeader(h)).toBe(5);
    h.style.width = '280px';
    expect(fitHeader(h)).toBe(1);
    h.style.width = '100px';
    expect(fitHeader(h)).toBe(7);
  });
});
