// A line's index built from its precomputed pages in one place: the same points and fields as appending every page
// one by one, every id found by the hash, the newest-first order, and a seed's newer row winning.
import { describe, expect, it } from 'vitest';
import { buildIndexFromPages } from './buildFromPages';
import { appendPage, createPointIndex, findSlot, idAt, upsertRows } from './store';
import { newestFirstOrder } from './queries';
import type { PointIndex, PointIndexPage, PointIndexRow } from './types';

const uuid = (page: number, n: number) => `${page.toString(16).padStart(2, '0')}${n.toString(16).padStart(6, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;
const row = (page: number, n: number, updated = 1000 + n): PointIndexRow => ({
  id: uuid(page, n), x: n * 3 + page, y: n % 50, km: n % 7 ? n / 10 : null, created: 5000 + ((n * 37 + page) % 300), updated,
  status: (['signale', 'pris_en_charge', 'resolu'] as const)[n % 3], criticality: `c${(n + page) % 4}`, teamId: n % 5 ? `t${n % 3}` : null,
});

/** Page `no` of the line (ids start with its byte), decoded as the worker would. */
function page(no: number, count: number): PointIndexPage {
  const ix = createPointIndex(16);
  upsertRows(ix, Array.from({ length: count }, (_, i) => row(no, i)));
  return { ...ix, asOf: `2026-01-02T00:00:${String(10 + no).padStart(2, '0')}.000000Z` };
}

const fields = (ix: PointIndex, slot: number) => ({
  x: ix.x[slot], y: ix.y[slot], km: ix.km[slot], created: ix.created[slot], updated: ix.updated[slot], status: ix.status[slot],
  crit: ix.critKeys[ix.crit[slot]], team: ix.team[slot] ? ix.teamKeys[ix.team[slot] - 1] : null,
});

describe('buildIndexFromPages', () => {
  it('holds what appending every page holds, finds every id, sorts newest first, and a newer seed row wins', async () => {
    const pages = Array.from({ length: 12 }, (_, no) => page(no, 20 + no * 3));
    // The seed: the first two pages (already shown) and one point of page 7 updated since its page was read.
    const newer = row(7, 4, 99_999);
    const seed = createPointIndex(16);
    appendPage(seed, pages[0]); appendPage(seed, pages[1]);
    upsertRows(seed, [{ ...newer, status: 'resolu', x: -1 }]);
    const served: string[] = [];
    // Answers arrive out of order (the later range first).
    const fetchPages = async (from: number, to: number) => {
      await new Promise((r) => setTimeout(r, from < 6 ? 5 : 0));
      served.push(`${from}-${to}`);
      return { pages: pages.slice(from, to) };
    };
    const built = await buildIndexFromPages({ ranges: [[2, 6], [6, 9], [9, 12]], concurrency: 2, total: 400, seed }, fetchPages);
    expect(served.sort()).toEqual(['2-6', '6-9', '9-12']);

    const expected = createPointIndex(16);
    for (const p of pages) appendPage(expected, p);
    upsertRows(expected, [{ ...newer, status: 'resolu', x: -1 }]);
    const ix = built.index;
    expect(ix.count).toBe(expected.count);
    for (let s = 0; s < expected.count; s++) {
      const id = idAt(expected, s);
      const slot = findSlot(ix, id);
      expect(slot, id).toBeGreaterThanOrEqual(0);
      expect(fields(ix, slot)).toEqual(fields(expected, s));
    }
    expect(fields(ix, findSlot(ix, newer.id))).toMatchObject({ x: -1, status: 2 });
    expect([...built.order]).toEqual([...newestFirstOrder(ix)]);
    expect(built.asOf).toBe('2026-01-02T00:00:12.000000Z'); // the earliest reading of the pages fetched (page 2)
  });

  it('an empty line builds an empty index', async () => {
    const built = await buildIndexFromPages({ ranges: [[2, 256]], concurrency: 3, total: 0, seed: null }, async () => ({ pages: [] }));
    expect(built.index.count).toBe(0);
    expect(built.order.length).toBe(0);
    expect(built.asOf).toBeNull();
  });
});
