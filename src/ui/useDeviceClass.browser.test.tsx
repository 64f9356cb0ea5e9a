// The device class in Chromium: one read of the window's width for every component mounting in one render (each read
// forces a style recalculation), and the class follows a resize.
import { afterEach, describe, expect, it } from 'vitest';
import { useDeviceClass } from './useDeviceClass';
import { mounted, type Mounted } from '../../test/browser/mounted';

function Shows() { return <span className="device">{useDeviceClass()}</span>; }

describe('useDeviceClass', () => {
  let m: Mounted | null = null;
  afterEach(() => { m?.unmount(); m = null; });

  it('reads the window once for many components, and gives each the same class', () => {
    const own = Object.getOwnPropertyDescriptor(window, 'innerWidth')!;
    let reads = 0;
    Object.defineProperty(window, 'innerWidth', { configurable: true, get() { reads++; return own.get!.call(window); } });
    try {
      m = mounted(<>{Array.from({ length: 5 }, (_, i) => <Shows key={i} />)}</>);
    } finally {
      Object.defineProperty(window, 'innerWidth', own);
    }
    expect(reads).toBe(1);
    const shown = [...m.host.querySelectorAll('.device')].map((s) => s.textContent);
    expect(new Set(shown).size).toBe(1);
    expect(['mobile', 'tablet', 'desktop']).toContain(shown[0]);
  });
});
