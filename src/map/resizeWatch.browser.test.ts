// The map container's size in Chromium: first read at the resize observer's first report (nothing read while the
// watch starts, so a mount forces no layout), then after a resize, debounced.
import { afterEach, describe, expect, it } from 'vitest';
import { watchSize } from './resizeWatch';
import { RESIZE_DEBOUNCE_MS } from '../core/constants';
import type { Size } from './viewportMath';
import { frames } from '../../test/browser/frames';

describe('watchSize', () => {
  let el: HTMLDivElement;
  afterEach(() => el.remove());

  it('reads no size while it starts, the laid-out size at the first report, then each resize once settled', async () => {
    el = document.createElement('div');
    el.style.cssText = 'width: 300px; height: 200px';
    document.body.append(el);
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
    let reads = 0;
    Object.defineProperty(el, 'clientWidth', { configurable: true, get() { reads++; return own.get!.call(this); } });
    const sizes: Size[] = [];
    const stop = watchSize(el, (s) => sizes.push(s));
    expect(reads).toBe(0);
    expect(sizes).toEqual([]);
    await frames(2);
    expect(sizes).toEqual([{ width: 300, height: 200 }]);
    el.style.width = '420px';
    await frames(2);
    expect(sizes).toHaveLength(1); // debounced
    await new Promise((r) => setTimeout(r, RESIZE_DEBOUNCE_MS + 50));
    expect(sizes).toEqual([{ width: 300, height: 200 }, { width: 420, height: 200 }]);
    stop();
  });
});
