// A virtualised list of fixed-height rows: only the visible rows (plus `overscan`) are in the DOM. Fixed heights
// make the window pure arithmetic (no per-item measurement: a million rows cost nothing until shown). Browsers cap
// an element's height (~33M px in Chromium), so past MAX_SCROLL_PX the scroll range is scaled: the scrollbar maps
// onto the whole list and rows are placed relative to the scroll position.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualListProps<T> {
  /** An array or a typed array (e.g. index slots). */
  items: ArrayLike<T>;
  rowHeight: number; // px
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  ariaLabel: string;
  className?: string;
  overscan?: number;
  /** Key of the item scrolled into view when the key changes (e.g. the point selected on the map). */
  activeKey?: string | null;
}

export const MAX_SCROLL_PX = 8_000_000;

export function VirtualList<T>({ items, rowHeight, getKey, renderRow, ariaLabel, className, overscan = 8, activeKey }: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const count = items.length;
  const fullHeight = count * rowHeight;
  const height = Math.min(fullHeight, MAX_SCROLL_PX);
  // Scale between the scroll position and the list position (1 below the cap).
  const scrollable = Math.max(1, height - viewport);
  const listScrollable = Math.max(1, fullHeight - viewport);
  const ratio = fullHeight > MAX_SCROLL_PX ? listScrollable / scrollable : 1;
  const listTop = Math.min(scrollTop, scrollable) * ratio; // px of the whole list at the top of the viewport

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || 600);
    measure();
    const ro = typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  const onScroll = useCallback(() => { if (scrollRef.current) setScrollTop(scrollRef.current.scrollTop); }, []);

  const scrollToIndex = useCallback((i: number) => {
    const el = scrollRef.current;
    if (!el) return;
    const top = i * rowHeight;
    if (top >= listTop && top + rowHeight <= listTop + viewport) return; // already visible
    const target = top < listTop ? top : top + rowHeight - viewport;
    el.scrollTop = Math.max(0, target / ratio);
    setScrollTop(el.scrollTop);
  }, [rowHeight, listTop, viewport, ratio]);

  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    if (!activeKey) return;
    const list = itemsRef.current;
    for (let i = 0; i < list.length; i++) {
      if (getKey(list[i], i) === activeKey) { scrollToIndex(i); break; }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the active key changes, not on every data update
  }, [activeKey]);

  const first = Math.max(0, Math.floor(listTop / rowHeight) - overscan);
  const last = Math.min(count - 1, Math.ceil((listTop + viewport) / rowHeight) + overscan);
  const offset = Math.min(scrollTop, scrollable) - listTop; // list px → element px
  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    rows.push(
      <li key={getKey(items[i], i)} className="vlist-row" style={{ height: rowHeight, transform: `translateY(${i * rowHeight + offset}px)` }}
        aria-setsize={count} aria-posinset={i + 1}>
        {renderRow(items[i], i)}
      </li>,
    );
  }
  return (
    <div ref={scrollRef} className={`vlist ${className ?? ''}`} onScroll={onScroll}>
      <ul className="vlist-inner" aria-label={ariaLabel} style={{ height }}>
        {rows}
      </ul>
    </div>
  );
}
