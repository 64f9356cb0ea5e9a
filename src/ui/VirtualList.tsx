// A virtualised list of fixed-height rows: only the visible rows (plus `overscan`) are in the DOM. Fixed heights
// make the window pure arithmetic (no per-item measurement: a million rows cost nothing until shown). Browsers cap
// an element's height (~33M px in Chromium), so past MAX_SCROLL_PX the scroll range is scaled: the scrollbar maps
// onto the whole list and rows are placed relative to the scroll position.
// Keyboard: the list is one tab stop (a roving tab index): ↑/↓ (Page↑/↓, Début/Fin) move between
// rows, ←/→ between the controls of a row; only the current row's primary control (the one marked
// `data-row-primary`, else its first) is in the tab order.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled])';
/** The control a row is reached on (e.g. the point's main button rather than its selection checkbox). */
const primaryControl = (li: HTMLElement) => li.querySelector<HTMLElement>('[data-row-primary]') ?? li.querySelector<HTMLElement>(FOCUSABLE);

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

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The height comes with the observer's first report, after the browser's own layout of the frame (read in the
    // commit, it would force a layout of the whole page there); until then the rows of 600 px and the overscan show.
    const measure = () => setViewport(el.clientHeight || 600);
    if (typeof ResizeObserver === 'undefined') { measure(); return; }
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const onScroll = useCallback(() => { if (scrollRef.current) setScrollTop(scrollRef.current.scrollTop); }, []);
  const [current, setCurrent] = useState(0); // the row in the tab order
  const focusRow = useRef<number | null>(null); // a row to focus once rendered (arrow keys)

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
  // The row in the tab order: the current one when rendered, else the first rendered one (never none).
  const tabRow = current >= first && current <= last ? current : first;

  useLayoutEffect(() => {
    const root = scrollRef.current;
    if (!root) return;
    root.querySelectorAll<HTMLElement>('li.vlist-row').forEach((li) => {
      const i = Number(li.dataset.index);
      const primary = primaryControl(li);
      li.querySelectorAll<HTMLElement>(FOCUSABLE).forEach((el) => { el.tabIndex = i === tabRow && el === primary ? 0 : -1; });
      if (focusRow.current === i) { focusRow.current = null; primary?.focus(); }
    });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li.vlist-row');
    if (!li || !count) return;
    const i = Number(li.dataset.index);
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      const controls = [...li.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const k = controls.indexOf(e.target as HTMLElement);
      const next = controls[k + (e.key === 'ArrowRight' ? 1 : -1)];
      if (k >= 0 && next) { e.preventDefault(); next.focus(); }
      return;
    }
    const page = Math.max(1, Math.floor(viewport / rowHeight) - 1);
    const to = e.key === 'ArrowDown' ? i + 1 : e.key === 'ArrowUp' ? i - 1 : e.key === 'PageDown' ? i + page : e.key === 'PageUp' ? i - page
      : e.key === 'Home' ? 0 : e.key === 'End' ? count - 1 : null;
    if (to === null) return;
    e.preventDefault();
    const target = Math.max(0, Math.min(count - 1, to));
    focusRow.current = target;
    setCurrent(target);
    scrollToIndex(target);
  };
  const onFocus = (e: FocusEvent<HTMLUListElement>) => {
    const li = (e.target as HTMLElement).closest<HTMLElement>('li.vlist-row');
    if (li) setCurrent(Number(li.dataset.index));
  };
  const offset = Math.min(scrollTop, scrollable) - listTop; // list px → element px
  const rows: ReactNode[] = [];
  for (let i = first; i <= last; i++) {
    rows.push(
      <li key={getKey(items[i], i)} className="vlist-row" style={{ height: rowHeight, transform: `translateY(${i * rowHeight + offset}px)` }}
        aria-setsize={count} aria-posinset={i + 1} data-index={i}>
        {renderRow(items[i], i)}
      </li>,
    );
  }
  return (
    <div ref={scrollRef} className={`vlist ${className ?? ''}`} onScroll={onScroll}>
      <ul className="vlist-inner" aria-label={ariaLabel} style={{ height }} onKeyDown={onKeyDown} onFocus={onFocus}>
        {rows}
      </ul>
    </div>
  );
}
