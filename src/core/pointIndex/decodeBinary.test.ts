// The point index's wire format (the bytes of point_index_bin and point_index_pages_bin) decoded: every column of each
// page in the header's order, the reading time, an empty page, a split answer, and malformed answers refused.
import { describe, expect, it } from 'vitest';
import { decodePointIndexBinary } from './decodeBinary';
import { uuidAt } from './ids';
import type { PointIndexRow } from './types';
import { encodePointIndexBinary } from '../../../test/fixtures/pointIndex/encodeBinary';

const uuid = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-${(n * 7919).toString(16).padStart(12, '0')}`;
const TEAM = '11111111-2222-4333-8444-555555555555';
const AS_OF = '2026-11-23T09:00:01.000000Z';
function row(n: number): PointIndexRow {
  return { id: uuid(n), x: 100 + n + 0.25, y: 50 - n, km: n % 3 ? 12 + n / 100 : null, created: 1_700_000_000_000 + n * 1000, updated: 1_700_000_000_500 + n * 1000,
    status: (['signale', 'pris_en_charge', 'resolu'] as const)[n % 3], criticality: n % 2 ? 'danger' : 'attention', teamId: n % 4 ? TEAM : null };
}

describe('decodePointIndexBinary', () => {
  it('decodes every column of each page, in the header\'s order, with the answer\'s reading time', () => {
    const first = Array.from({ length: 40 }, (_, i) => row(i));
    const second = Array.from({ length: 7 }, (_, i) => row(100 + i));
    const a = decodePointIndexBinary(encodePointIndexBinary([first, second], { as_of: AS_OF, total: 1000, blocks: 12 }));
    expect(a).toMatchObject({ total: 1000, blocks: 12, split: false });
    expect(a.pages.map((p) => p.count)).toEqual([40, 7]);
    [first, second].forEach((rows, k) => {
      const page = a.pages[k];
      expect(page.asOf).toBe(AS_OF);
      rows.forEach((r, i) => {
        expect(uuidAt(page.idBytes, i)).toBe(r.id);
        expect(page.x[i]).toBeCloseTo(r.x, 4);
        expect(page.y[i]).toBeCloseTo(r.y, 4);
        if (r.km === null) expect(page.km[i]).toBeNaN(); else expect(page.km[i]).toBe(r.km);
        expect(page.created[i]).toBe(r.created);
        expect(page.updated[i]).toBe(r.updated);
        expect(page.critKeys[page.crit[i]]).toBe(r.criticality);
        expect(page.team[i] ? page.teamKeys[page.team[i] - 1] : null).toBe(r.teamId);
        expect(page.status[i]).toBe((k * 100 + i) % 3);
      });
    });
  });

  it('decodes an empty page (its reading time kept) and a split answer (no page, the range\'s size)', () => {
    const empty = decodePointIndexBinary(encodePointIndexBinary([[]], { as_of: AS_OF }));
    expect(empty.pages).toHaveLength(1);
    expect(empty.pages[0]).toMatchObject({ count: 0, asOf: AS_OF });
    expect(decodePointIndexBinary(encodePointIndexBinary([], { split: true, total: 81_000, blocks: 900 })))
      .toEqual({ split: true, total: 81_000, blocks: 900, pages: [] });
  });

  it('refuses a short answer, a bad header length, missing or extra column bytes and a wrong code column', () => {
    expect(() => decodePointIndexBinary(new ArrayBuffer(2))).toThrow(/too short/);
    const bytes = new Uint8Array(encodePointIndexBinary([[row(1), row(2)]], { as_of: AS_OF }));
    const badLength = bytes.slice();
    new DataView(badLength.buffer).setInt32(0, bytes.length, false);
    expect(() => decodePointIndexBinary(badLength.buffer)).toThrow(/header length/);
    expect(() => decodePointIndexBinary(bytes.slice(0, bytes.length - 8).buffer)).toThrow(/past the end/);
    const extra = new Uint8Array(bytes.length + 4);
    extra.set(bytes);
    expect(() => decodePointIndexBinary(extra.buffer)).toThrow(/left over/);
    const headerLength = new DataView(bytes.buffer).getInt32(0, false);
    const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + headerLength)));
    header.pages[0].status = '0';
    const head = new TextEncoder().encode(JSON.stringify(header));
    const wrong = new Uint8Array(4 + head.length + bytes.length - 4 - headerLength);
    new DataView(wrong.buffer).setInt32(0, head.length, false);
    wrong.set(head, 4);
    wrong.set(bytes.subarray(4 + headerLength), 4 + head.length);
    expect(() => decodePointIndexBinary(wrong.buffer)).toThrow(/1 codes for 2 rows/);
  });
});
