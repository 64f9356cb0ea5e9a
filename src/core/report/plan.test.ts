import { describe, expect, it } from 'vitest';
import { buildReport } from './assemble';
import { buildZoneIndex, classifyPoints, NOT_ELIGIBLE, OUTSIDE_ZONES } from './classify';
import { makePoint, rectZone } from '../../../test/fixtures/report/fixtures';
import { estimatePrintPages, itemAt, planItems, planReport, planStats, planSubRange, reportPageCount } from './plan';
import { indexFromPoints, resolvedMask } from './reportIndex';
import { buildReportRequest } from './rules';
import { mulberry32 } from '../prng';
import type { Point } from '../types';

describe('planReport', () => {
  it('groups like the object report: zones by kmStart, outside last, km order inside each section', () => {
    const rnd = mulberry32(7);
    const zones = [
      rectZone('b', 100, 0, 200, 100, { kmStart: 20, kmEnd: 25 }),
      rectZone('a', 0, 0, 100, 100, { kmStart: 10, kmEnd: 15 }),
      rectZone('c', 300, 0, 400, 100, { kmStart: null, kmEnd: null }),
      rectZone('unselected', 500, 0, 600, 100, { kmStart: 5, kmEnd: 6 }),
    ];
    const points: Point[] = [];
    for (let i = 0; i < 2000; i++) {
      const status = i % 7 === 0 ? 'resolu' : i % 2 ? 'signale' : 'pris_en_charge';
      points.push(makePoint(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, rnd() * 800, rnd() * 100, i % 50 === 0 ? null : Math.round(rnd() * 3000) / 100, { status, criticality: i % 3 ? 'attention' : 'danger' }));
    }
    const request = buildReportRequest({ start: 2, end: 28 }, ['a', 'b', 'c'], [], null)!;
    const expected = buildReport(request, zones, points);
    const ix = indexFromPoints(points);
    const codes = classifyPoints({ xs: ix.xs, ys: ix.ys, km: ix.km, resolved: resolvedMask(ix.status) }, request.startPoint, request.endPoint, buildZoneIndex(zones.map((z) => z.points)));
    const plan = planReport(codes, ix.km, zones.map((z) => z.kmStart), zones.map((z) => request.selectedZones.includes(z.id)));
    const sections = plan.sections.map((s) => ({
      zone: s.zone === OUTSIDE_ZONES ? null : zones[s.zone].id,
      kms: [...plan.rows.subarray(s.start, s.end)].map((i) => ix.km[i]),
    }));
    const want = [
      ...expected.pointsInZones.map((s) => ({ zone: s.zone.id, kms: s.points.map((p) => p.kmValue) })),
      ...(expected.pointsOutsideZones.length ? [{ zone: null, kms: expected.pointsOutsideZones.map((p) => p.kmValue) }] : []),
    ];
    expect(sections).toEqual(want);
    expect(sections.map((s) => s.zone)).toEqual(['a', 'b', 'c', null]);
    const stats = planStats(plan, ix);
    const all = [...expected.pointsInZones.flatMap((s) => s.points), ...expected.pointsOutsideZones];
    expect(stats).toEqual({ unresolved: all.length, zonesWithAnomalies: 3, dangers: all.filter((p) => p.criticality === 'danger').length });
    expect(stats.unresolved).toBeGreaterThan(500);
  });

  it('drops non-eligible codes and keeps an empty plan empty', () => {
    const plan = planReport(Int32Array.from([NOT_ELIGIBLE, NOT_ELIGIBLE]), Float64Array.from([1, 2]), [], []);
    expect(plan.sections).toEqual([]);
    expect(plan.rows.length).toBe(0);
    expect(estimatePrintPages(plan)).toBe(1);
  });
});

describe('plan items and sub-range', () => {
  const km = Float64Array.from([5, 1, 3, 2, 4]);
  const plan = planReport(Int32Array.from([0, 0, OUTSIDE_ZONES, 1, 1]), km, [10, 20], [true, true]);
  it('maps flat items to section headings and rows', () => {
    expect([...plan.rows]).toEqual([1, 0, 3, 4, 2]);
    const items = planItems(plan);
    expect(items.count).toBe(8);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((i) => itemAt(items, i))).toEqual([
      { section: 0, row: -1, rows: 0 }, { section: 0, row: 0, rows: 1 }, { section: 0, row: 1, rows: 1 },
      { section: 1, row: -1, rows: 0 }, { section: 1, row: 2, rows: 1 }, { section: 1, row: 3, rows: 1 },
      { section: 2, row: -1, rows: 0 }, { section: 2, row: 4, rows: 1 },
    ]);
  });
  it('groups rows into items of rowsPerItem within each section (the last group of a section is shorter)', () => {
    const big = planReport(Int32Array.from({ length: 23 }, (_, i) => (i < 10 ? 0 : OUTSIDE_ZONES)), Float64Array.from({ length: 23 }, (_, i) => i), [1], [true]);
    const items = planItems(big, 4);
    expect(items.count).toBe(1 + 3 + 1 + 4); // 10 rows → 4+4+2; 13 rows → 4+4+4+1
    const all = Array.from({ length: items.count }, (_, i) => itemAt(items, i));
    expect(all.map((it) => it.rows)).toEqual([0, 4, 4, 2, 0, 4, 4, 4, 1]);
    expect(all.map((it) => it.row)).toEqual([-1, 0, 4, 8, -1, 10, 14, 18, 22]);
    expect(all.reduce((n, it) => n + it.rows, 0)).toBe(23); // every row once
  });
  it('cuts a long plan into pages of rows: each row on one page, a section met again repeats its heading', () => {
    // sections: 10 rows (zone 0), then 13 (outside)
    const big = planReport(Int32Array.from({ length: 23 }, (_, i) => (i < 10 ? 0 : OUTSIDE_ZONES)), Float64Array.from({ length: 23 }, (_, i) => i), [1], [true]);
    expect(reportPageCount(big, 8)).toBe(3);
    expect(reportPageCount(big)).toBe(1);
    expect(reportPageCount(planReport(new Int32Array(0), new Float64Array(0), [1], [true]))).toBe(1);
    const pages = [0, 1, 2].map((p) => planItems(big, 4, p, 8));
    const view = (items: ReturnType<typeof planItems>) => Array.from({ length: items.count }, (_, i) => itemAt(items, i));
    expect(view(pages[0])).toEqual([{ section: 0, row: -1, rows: 0 }, { section: 0, row: 0, rows: 4 }, { section: 0, row: 4, rows: 4 }]);
    expect(view(pages[1])).toEqual([ // rows 8-15: the end of zone 0 (its heading again), then the outside section
      { section: 0, row: -1, rows: 0 }, { section: 0, row: 8, rows: 2 }, { section: 1, row: -1, rows: 0 }, { section: 1, row: 10, rows: 4 }, { section: 1, row: 14, rows: 2 },
    ]);
    expect(view(pages[2])).toEqual([{ section: 1, row: -1, rows: 0 }, { section: 1, row: 16, rows: 4 }, { section: 1, row: 20, rows: 3 }]);
    const rows = pages.flatMap((p) => view(p).flatMap((it) => Array.from({ length: it.rows }, (_, k) => it.row + k)));
    expect(rows).toEqual(Array.from({ length: 23 }, (_, i) => i)); // every row once, in order
    expect([pages[1].from, pages[1].to]).toEqual([8, 16]);
  });
  it('restricts to a km range and drops sections left empty', () => {
    const sub = planSubRange(plan, km, 2, 4);
    expect([...sub.rows]).toEqual([3, 4, 2]);
    expect(sub.sections).toEqual([{ zone: 1, start: 0, end: 2 }, { zone: OUTSIDE_ZONES, start: 2, end: 3 }]);
  });
  it('estimates more pages for more rows', () => {
    const big = planReport(new Int32Array(5000), new Float64Array(5000), [1], [true]);
    expect(estimatePrintPages(big)).toBeGreaterThan(100);
    expect(estimatePrintPages(plan)).toBe(1);
  });
});
