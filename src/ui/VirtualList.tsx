// A virtualised list of fixed-height rows (@tanstack/react-virtual): only the visible rows are in the DOM.
import { useEffect, useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

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

export function VirtualList<T>({ items, rowHeight, getKey, renderRow, ariaLabel, className, overscan = 8, activeKey }: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (i) => getKey(items[i], i),
    initialRect: { width: 320, height: 600 },
  });
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    if (!activeKey) return;
    const list = itemsRef.current;
    for (let i = 0; i < list.length; i++) {
      if (getKey(list[i], i) === activeKey) { v.scrollToIndex(i, { align: 'auto' }); break; }
    }
    // Only when the active key changes, not on every data update.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [activeKey]);
  return (
    <div ref={scrollRef} className={`vlist ${className ?? ''}`}>
      <ul className="vlist-inner" aria-label={ariaLabel} style={{ height: v.getTotalSize() }}>
        {v.getVirtualItems().map((row) => (
          <li key={row.key} className="vlist-row" style={{ height: rowHeight, transform: `translateY(${row.start}px)` }}
            aria-setsize={items.length} aria-posinset={row.index + 1}>
            {renderRow(items[row.index], row.index)}
          </li>
        ))}
      </ul>
    </div>
  );
}
