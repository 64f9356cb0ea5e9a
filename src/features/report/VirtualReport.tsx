// The report's sections and rows as one virtualised list: only the rows on screen are in the DOM,
// whatever the report's size; their details are asked for (by id, in pages) as they appear. Scrolls with the dialog.
// Past REPORT_PAGE_ROWS rows the list shows one page of rows at a time (a browser cannot lay out a taller list).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { OUTSIDE_ZONES } from '../../core/report/classify';
import { reportPointId } from '../../core/report/reportIndex';
import { itemAt, planItems, REPORT_PAGE_ROWS, reportPageCount, type PlanItems } from '../../core/report/plan';
import { formatKm } from '../../core/format';
import { Button, TrackBadge } from '../../ui';
import { ReportColumnHeads, ReportRowView } from './ReportRowView';
import type { ReportSession } from './reportSession';
import { REPORT_TEXT } from './strings';

const PHONE_QUERY = '(max-width: 600px)';
const ROW_PX = 44, HEAD_PX = 96, PHONE_ROW_PX = 300, PHONE_HEAD_PX = 70; // estimates, then measured
/** Rows per virtualised item (src/core/report/plan.ts planItems): the virtualiser's per-item work is 16 times less;
 * with one item of overscan on each side, about 4 items (60-70 rows) are in the DOM. */
const ROWS_PER_ITEM = 16;

function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const mq = window.matchMedia(PHONE_QUERY);
    const on = () => setPhone(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return phone;
}

/** `pageRows`: rows per screen page (REPORT_PAGE_ROWS; smaller in tests). */
export function VirtualReport({ session, pageRows = REPORT_PAGE_ROWS }: { session: ReportSession; pageRows?: number }) {
  const { plan } = session;
  const pages = reportPageCount(plan, pageRows);
  const [shown, setShown] = useState({ plan, page: 0 });
  const page = shown.plan === plan ? Math.min(shown.page, pages - 1) : 0; // a new plan opens on its first page
  const items = useMemo(() => planItems(plan, ROWS_PER_ITEM, page, pageRows), [plan, page, pageRows]);
  const topRef = useRef<HTMLDivElement>(null);
  const turned = useRef(false);
  const turn = (to: number) => {
    turned.current = true;
    setShown({ plan, page: to });
  };
  // A page turned to shows from its top pager. Once its list is mounted and its virtualiser attached (which scrolls to
  // its own idea of the offset), in the next frame; a virtualiser kept across pages would restore the old offset.
  useEffect(() => {
    if (!turned.current) return;
    turned.current = false;
    const id = requestAnimationFrame(() => {
      const top = topRef.current, el = top?.closest<HTMLElement>('.dialog-body');
      if (top && el) el.scrollTop += top.getBoundingClientRect().top - el.getBoundingClientRect().top;
    });
    return () => cancelAnimationFrame(id);
  }, [page]);
  const pager = (where: 'top' | 'bottom') => pages > 1 && (
    <nav className="report-pager" aria-label={REPORT_TEXT.pages} data-where={where}>
      <Button size="sm" disabled={page === 0} onClick={() => turn(page - 1)}>{REPORT_TEXT.previousPage}</Button>
      <span aria-live={where === 'top' ? 'polite' : undefined}>{REPORT_TEXT.pageRange(items.from + 1, items.to, plan.rows.length)}</span>
      <Button size="sm" disabled={page === pages - 1} onClick={() => turn(page + 1)}>{REPORT_TEXT.nextPage}</Button>
    </nav>
  );
  return (
    <>
      <div ref={topRef} />
      {pager('top')}
      <PageList key={`${page}`} session={session} items={items} />
      {pager('bottom')}
    </>
  );
}

/** One page of the report as a virtualised list, scrolled with the dialog. */
function PageList({ session, items }: { session: ReportSession; items: PlanItems }) {
  const { plan, index, zones, levels, teams, details } = session;
  const now = session.generatedAt.getTime();
  // The virtualiser estimates every item not measured yet, and again from the first one measured on each change: at
  // 1M rows that runs for every item per pass, so the estimate is O(1) (a heading or a group of rows; no id text, no
  // details lookup: the items shown are measured).
  const headings = useMemo(() => new Set(items.itemStart), [items]);
  const phone = usePhone();
  const listRef = useRef<HTMLDivElement>(null);
  const [scrollEl, setScrollEl] = useState<HTMLElement | null>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const list = listRef.current;
    const el = list?.closest<HTMLElement>('.dialog-body') ?? null;
    setScrollEl(el);
    if (list && el) setMargin(list.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop);
  }, []);
  useSyncExternalStore(details.subscribe, details.version);

  const v = useVirtualizer({
    count: items.count,
    getScrollElement: () => scrollEl,
    estimateSize: (i) => (headings.has(i) ? (phone ? PHONE_HEAD_PX : HEAD_PX) : ROWS_PER_ITEM * (phone ? PHONE_ROW_PX : ROW_PX)),
    overscan: 1,
    scrollMargin: margin,
    initialRect: { width: 1000, height: 800 },
  });
  const virtual = v.getVirtualItems();
  const first = virtual[0]?.index ?? 0;
  const last = virtual[virtual.length - 1]?.index ?? -1;

  // Ask for the details of the rows on screen (and the overscan); the cache skips those it has or is fetching.
  useEffect(() => {
    const ids: string[] = [];
    for (let i = first; i <= last; i++) {
      const it = itemAt(items, i);
      for (let k = it.row; k < it.row + it.rows; k++) ids.push(reportPointId(index, plan.rows[k]));
    }
    details.request(ids);
  }, [first, last, plan, items, index, details]);

  return (
    <div ref={listRef} className="report-vlist report-screen-list" role="table" aria-label={REPORT_TEXT.rowsTable} aria-rowcount={plan.rows.length}
      style={{ height: v.getTotalSize() }}>
      {virtual.map((vi) => {
        const it = itemAt(items, vi.index);
        const s = plan.sections[it.section];
        return (
          <div key={vi.key} data-index={vi.index} ref={v.measureElement} className="report-vitem"
            style={{ transform: `translateY(${vi.start - margin}px)` }}>
            {it.row < 0 ? (
              <SectionHeading zone={s.zone === OUTSIDE_ZONES ? null : zones[s.zone]} count={s.end - s.start} phone={phone} />
            ) : (
              Array.from({ length: it.rows }, (_, k) => {
                const point = plan.rows[it.row + k];
                const id = reportPointId(index, point);
                return <ReportRowView key={id} index={index} point={point} details={details.get(id)} levels={levels} teams={teams} now={now} />;
              })
            )}
          </div>
        );
      })}
    </div>
  );
}

function SectionHeading({ zone, count, phone }: { zone: ReportSession['zones'][number] | null; count: number; phone: boolean }) {
  return (
    <div className="report-vsection" role="rowgroup" aria-label={zone ? zone.name : REPORT_TEXT.outsideZones}>
      <div role="row" className="report-section-head" style={zone ? { borderLeftColor: zone.color } : undefined}>
        <div role="rowheader"><h3>{zone ? zone.name : REPORT_TEXT.outsideZones}</h3></div>
        <div role="cell" className="report-section-meta">
          {zone && <TrackBadge track={zone.track} showNone />}
          {zone && <span>PK {formatKm(zone.kmStart)} → PK {formatKm(zone.kmEnd)}</span>}
          <span className="badge count-badge">{REPORT_TEXT.anomalies(count)}</span>
        </div>
      </div>
      {!phone && <ReportColumnHeads />}
    </div>
  );
}
