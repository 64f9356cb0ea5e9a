// The header's fit in Chromium: the step found is the first that fits from any starting step, a refit that still fits
// takes two trials, and a mounted header is fitted after its first layout without a layout read in the commit.
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, useRef } from 'react';
import { fitHeader, HEADER_FIT_STEPS, useHeaderFit } from './useHeaderFit';
import { frames } from '../../../test/browser/frames';
import { mounted, type Mounted } from '../../../test/browser/mounted';

/** How many steps `fit` tries: each trial reads the header's box once. */
function trials(h: HTMLElement, fit: () => void): number {
  const read = h.getBoundingClientRect;
  let n = 0;
  h.getBoundingClientRect = function () { n++; return read.call(this); };
  try { fit(); } finally { h.getBoundingClientRect = read; }
  return n;
}

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

  it('starts from any given step and finds the same one', () => {
    for (const width of [400, 270, 180, 90, 20]) {
      for (let from = 0; from <= HEADER_FIT_STEPS; from++) {
        const h = header(width);
        expect(fitHeader(h, from), `width ${width} from ${from}`).toBe(expectedStep(width));
        for (let s = 1; s <= HEADER_FIT_STEPS; s++) expect(h.classList.contains(`header-fit-${s}`)).toBe(s <= expectedStep(width));
        h.remove();
      }
    }
  });

  it('refits in two trials when the content still fits at the step set, and starts a mount from the step given', () => {
    const h = header(150);
    expect(trials(h, () => fitHeader(h))).toBe(6); // steps 0 to 5 from nothing set
    expect(trials(h, () => fitHeader(h))).toBe(2); // 5 fits, 4 does not
    h.remove();
    const again = header(150);
    expect(trials(again, () => fitHeader(again, 5))).toBe(2);
  });

  it('fits a mounted header after its first layout, with no layout read in the commit', async () => {
    localStorage.removeItem('rail:header-fit-step');
    function Header() {
      const ref = useRef<HTMLElement>(null);
      useHeaderFit(ref);
      return createElement('header', { ref, className: 'fit-test', style: { width: '150px' } }, createElement('span'), createElement('span'), createElement('span'));
    }
    const read = Element.prototype.getBoundingClientRect;
    let reads = 0;
    Element.prototype.getBoundingClientRect = function () { reads++; return read.call(this); };
    let m: Mounted;
    try {
      m = mounted(createElement(Header));
    } finally { Element.prototype.getBoundingClientRect = read; }
    expect(reads).toBe(0);
    const h = m.host.querySelector('header')!;
    await frames(2); // the observer reports after the first frame's layout, before its paint
    for (let s = 1; s <= HEADER_FIT_STEPS; s++) expect(h.classList.contains(`header-fit-${s}`)).toBe(s <= 5);
    expect(localStorage.getItem('rail:header-fit-step')).toBe('5');
    m.unmount();
  });
});
