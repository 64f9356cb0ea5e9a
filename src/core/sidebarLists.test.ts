import { describe, expect, it } from 'vitest';
import type { Point, PointStatus, Team, Zone } from './types';
import { NO_TEAM_KEY, countForFilter, filterByStatus, groupByTeam, groupByZone, groupPoints, teamRows, zoneRows } from './sidebarLists';

const pt = (id: string, x: number, y: number, status: PointStatus, teamId: string | null = null): Point => ({
  id, name: id, description: '', kilometer: '', kmValue: null, position: { x, y }, imageUrl: null, status,
  criticality: 'attention', ticketNumber: null, teamId, teamName: null, creationDate: '2026-01-01T00:00:00Z', createdBy: null,
});
const square = (id: string, x0: number, x1: number, kmStart: number | null, name = id): Zone => ({
  id, name, color: '#3B82F6', track: 'voie_1', kmStart, kmEnd: null, createdBy: null, createdAt: '',
  points: [{ x: x0, y: 0 }, { x: x1, y: 0 }, { x: x1, y: 100 }, { x: x0, y: 100 }],
});
const team = (id: string, name: string): Team => ({ id, name, description: null, createdBy: null, createdAt: '' });

const points = [
  pt('a', 10, 50, 'signale', 't1'),
  pt('b', 20, 50, 'resolu', 't1'),
  pt('c', 150, 50, 'pris_en_charge', null),
  pt('d', 150, 500, 'signale', 'ghost'), // outside every zone, unknown team
  pt('e', 55, 50, 'signale', 't2'), // inside both overlapping zones
];
const zones = [square('z2', 100, 200, 5), square('z1', 0, 60, 1), square('z3', 50, 70, null, 'Aval'), { ...square('bad', 0, 1, 0), points: [{ x: 0, y: 0 }] }];

describe('filterByStatus', () => {
  it("'tous' hides resolved points", () => {
    expect(filterByStatus(points, 'tous').map((p) => p.id)).toEqual(['a', 'c', 'd', 'e']);
  });
  it('a status chip keeps that status only', () => {
    expect(filterByStatus(points, 'resolu').map((p) => p.id)).toEqual(['b']);
    expect(filterByStatus(points, 'pris_en_charge').map((p) => p.id)).toEqual(['c']);
  });
});

describe('groupByZone', () => {
  const g = groupByZone(points, zones);
  it('puts each point in every zone whose polygon contains it', () => {
    expect(g.points.get('z1')!.map((p) => p.id)).toEqual(['a', 'b', 'e']);
    expect(g.points.get('z2')!.map((p) => p.id)).toEqual(['c']);
    expect(g.points.get('z3')!.map((p) => p.id)).toEqual(['e']);
  });
  it('a degenerate zone contains nothing but still has a row', () => {
    expect(g.points.get('bad')).toEqual([]);
  });
  it('counts by status and filter', () => {
    expect(g.counts.get('z1')).toEqual({ signale: 2, pris_en_charge: 0, resolu: 1 });
    expect(countForFilter(g.counts.get('z1')!, 'tous')).toBe(2);
    expect(groupPoints(g, 'z1', 'resolu').map((p) => p.id)).toEqual(['b']);
  });
  it('zone rows are in PK order, unknown PK last, with filtered counts', () => {
    expect(zoneRows(zones, g, 'tous').map((r) => [r.zone.id, r.count])).toEqual([['bad', 0], ['z1', 2], ['z2', 1], ['z3', 1]]);
  });
  it('groups 100k points over 50 zones exactly as a point-by-point check does (speed: bench, not here)', () => {
    const many: Point[] = [];
    for (let i = 0; i < 100_000; i++) many.push(pt(`p${i}`, (i * 7919) % 12000, (i * 104729) % 1500, i % 3 === 0 ? 'resolu' : 'signale'));
    const manyZones = Array.from({ length: 50 }, (_, k) => square(`z${k}`, k * 240, k * 240 + 200, k));
    const big = groupByZone(many, manyZones);
    for (let k = 0; k < 50; k += 7) {
      // Strictly inside the square (0..100 in y): points on its edges are left out of both counts.
      const inside = many.filter((p) => p.position.x > k * 240 && p.position.x < k * 240 + 200 && p.position.y > 0 && p.position.y < 100);
      const grouped = big.points.get(`z${k}`)!.filter((p) => p.position.x !== k * 240 && p.position.x !== k * 240 + 200 && p.position.y !== 0 && p.position.y !== 100);
      expect(grouped.map((p) => p.id).sort()).toEqual(inside.map((p) => p.id).sort());
      expect(inside.length).toBeGreaterThan(0);
    }
  });
});

describe('groupByTeam and teamRows', () => {
  const teams = [team('t2', 'Voie'), team('t1', 'Caténaire'), team('t3', 'Signalisation')];
  const g = groupByTeam(points, teams);
  it("groups points without a known team under 'Sans équipe'", () => {
    expect(g.points.get(NO_TEAM_KEY)!.map((p) => p.id)).toEqual(['c', 'd']);
  });
  it('lists teams with anomalies by name, then Sans équipe', () => {
    expect(teamRows(teams, g, 'tous')).toEqual([
      { id: 't1', name: 'Caténaire', count: 1, total: 2, noTeam: false },
      { id: 't2', name: 'Voie', count: 1, total: 1, noTeam: false },
      { id: NO_TEAM_KEY, name: 'Sans équipe', count: 2, total: 2, noTeam: true },
    ]);
  });
  it('is empty when there are no points', () => {
    expect(teamRows(teams, groupByTeam([], teams), 'tous')).toEqual([]);
  });
});
