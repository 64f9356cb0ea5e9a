// The virtual list's window in Chromium: the rows rendered follow the list's height as the browser lays it out (its
// first layout and a resize), read from the observer's reports rather than in the commit.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { VirtualList } from './VirtualList';
import '../styles/layout.css';
import { frames } from '../../test/browser/frames';

const ROW = 20, OVERSCAN = 2;
const items = Array.from({ length: 10_000 }, (_, i) => i);

describe('VirtualList', () => {
  let host: HTMLDivElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    host.style.cssText = 'display: flex; flex-direction: column; height: 100px; width: 300px';
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => { root.unmount(); host.remove(); });

  const rows = () => host.querySelectorAll('li.vlist-row').length;
  const mount = () => flushSync(() => root.render(
    <VirtualList items={items} rowHeight={ROW} getKey={(i) => String(i)} renderRow={(i) => <button type="button">{i}</button>} ariaLabel="Liste" overscan={OVERSCAN} />,
  ));

  it('renders the rows of its laid-out height plus the overscan, and follows a resize', async () => {
    mount();
    await expect.poll(rows).toBe(100 / ROW + 1 + OVERSCAN);
    host.style.height = '400px';
    await frames(3);
    await expect.poll(rows).toBe(400 / ROW + 1 + OVERSCAN);
    expect(host.querySelector('.vlist')!.scrollHeight).toBe(items.length * ROW);
  });

  it('reads no layout while React commits its first render', () => {
    const proto = HTMLElement.prototype;
    const own = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!;
    let reads = 0;
    Object.defineProperty(proto, 'clientHeight', { configurable: true, get() { reads++; return own.get!.call(this); } });
    try {
      mount();
      expect(reads).toBe(0);
    } finally {
      delete (proto as { clientHeight?: number }).clientHeight;
    }
  });
});
