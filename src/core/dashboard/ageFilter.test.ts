// The age bars' list filter against a brute-force reading of the SQL rule (private.dashboard_ages).
import { describe, expect, it } from 'vitest';
import { createPointIndex, upsertRows } from '../pointIndex/store';
import { newestFirstOrder } from '../pointIndex/queries';
import type { PointIndexRow } from '../pointIndex/types';
import { ageFilterSlots, inAgeBucket } from './ageFilter';
import { NO_TEAM_ID } from './stats';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 25, 12);

describe('inAgeBucket', () => {
  it('puts each edge where the SQL does (the newer bucket is open at its old edge)', () => {
    expect(inAgeBucket(NOW - 7 * DAY + 1, 'lt7', NOW)).toBe(true);
    expect(inAgeBucket(NOW - 7 * DAY, 'lt7', NOW)).toBe(false);
    expect(inAgeBucket(NOW - 7 * DAY, '7-30', NOW)).toBe(true);
    expect(inAgeBucket(NOW - 30 * DAY, '7-30', NOW)).toBe(false);
    expect(inAgeBucket(NOW - 30 * DAY, '30-90', NOW)).toBe(true);
    expect(inAgeBucket(NOW - 90 * DAY, '30-90', NOW)).toBe(false);
    expect(inAgeBucket(NOW - 90 * DAY, 'gt90', NOW)).toBe(true);
    expect(inAgeBucket(NOW - 900 * DAY, 'gt90', NOW)).toBe(true);
    expect(inAgeBucket(NOW + DAY, 'lt7', NOW)).toBe(true); // a clock a little ahead
  });
});

describe('ageFilterSlots', () => {
  const id = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`;
  const statuses = ['signale', 'pris_en_charge', 'resolu'] as const;
  const crits = ['attention', 'danger', 'surveillance'];
  const teams = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002', null];
  const rows: PointIndexRow[] = Array.from({ length: 600 }, (_, i) => ({
    id: id(i + 1), x: i, y: 0, km: i / 10, created: NOW - (i % 150) * DAY * 0.9, updated: NOW,
    status: statuses[i % 3], criticality: crits[i % 5 % 3], teamId: teams[i % 7 % 3],
  }));
  const ix = createPointIndex();
  upsertRows(ix, rows);
  const order = newestFirstOrder(ix);
  const ids = (slots: Int32Array) => [...slots].map((s) => rows.find((r) => r.x === ix.x[s])!.id).sort();

  it('keeps the open points of the level and bucket, under the status and team filters', () => {
    for (const bucket of ['lt7', '7-30', '30-90', 'gt90'] as const) {
      for (const status of ['tous', 'signale', 'pris_en_charge', 'resolu'] as const) {
        for (const teamIds of [null, [teams[0]!], [NO_TEAM_ID, teams[1]!]]) {
          const expected = rows.filter((r) => r.criticality === 'danger' && r.status !== 'resolu'
            && (status === 'tous' || status === 'resolu' || r.status === status)
            && (teamIds === null || teamIds.includes(r.teamId ?? NO_TEAM_ID)) && inAgeBucket(r.created, bucket, NOW)).map((r) => r.id).sort();
          const got = ageFilterSlots(ix, order, status, { bucket, criticality: 'danger', teamIds, now: NOW });
          expect(ids(got)).toEqual(expected);
          expect(expected.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('keeps the newest-first order and finds nothing for an unknown level', () => {
    const got = ageFilterSlots(ix, order, 'tous', { bucket: 'gt90', criticality: 'attention', teamIds: null, now: NOW });
    for (let k = 1; k < got.length; k++) expect(ix.created[got[k - 1]]).toBeGreaterThanOrEqual(ix.created[got[k]]);
    expect(ageFilterSlots(ix, order, 'tous', { bucket: 'gt90', criticality: 'inconnue', teamIds: null, now: NOW })).toHaveLength(0);
  });
});
