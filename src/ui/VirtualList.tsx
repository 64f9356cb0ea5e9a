// A virtualised list of fixed-height rows (@tanstack/react-virtual): only the visible rows are in the DOM.
import { useRef, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface VirtualListProps<T> {
  items: readonly T[];
  rowHeight: number; // px
  getKey: (item: T, index: number) => string;
  renderRow: (item: T, index: number) => ReactNode;
  ariaLabel: string;
  className?: string;
  overscan?: number;
}

export function VirtualList<T>({ items, rowHeight, getKey, renderRow, ariaLabel, className, overscan = 8 }: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    getItemKey: (i) => getKey(items[i], i),
    initialRect: { width: 320, height: 600 },
  });
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
