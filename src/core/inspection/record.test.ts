import { describe, expect, it } from 'vitest';
import { compareText, compareWithToday, inspectedAtError, inspectionRefusal, isLocked, notInspectedError, snapshotOfReport, OUTSIDE_ZONE_KEY } from './record';
import { indexFromPoints } from '../report/reportIndex';
import type { ReportPlan } from '../report/plan';

// Report index ids are uuids (stored as 16 bytes).
const A = '00000000-0000-4000-8000-00000000000a', B = '00000000-0000-4000-8000-00000000000b', C = '00000000-0000-4000-8000-00000000000c';
const pts = [
  { id: A, position: { x: 1, y: 1 }, kmValue: 12.1, status: 'signale' as const, criticality: 'danger', teamId: 't1' },
  { id: B, position: { x: 2, y: 1 }, kmValue: 12.2, status: 'pris_en_charge' as const, criticality: 'attention', teamId: null },
  { id: C, position: { x: 3, y: 1 }, kmValue: null, status: 'signale' as const, criticality: 'danger', teamId: null },
];

describe('snapshotOfReport', () => {
  it('keeps each anomaly as found, in the report order, with counts per zone and criticality', () => {
    const ix = indexFromPoints(pts);
    const plan: ReportPlan = { sections: [{ zone: 0, start: 0, end: 2 }, { zone: -1, start: 2, end: 3 }], rows: Int32Array.from([0, 1, 2]) };
    const details = new Map([[A, { id: A, name: 'Rail usé', description: 'd', ticketNumber: 'OT-1', imageUrl: null, teamName: 'Équipe A' }]]);
    const { findings, counts } = snapshotOfReport(plan, ix, ['z1'], details);
    expect(findings[0]).toEqual({ id: A, name: 'Rail usé', description: 'd', ticket: 'OT-1', km: 12.1, status: 'signale', criticality: 'danger', team_id: 't1', team_name: 'Équipe A', zone_id: 'z1' });
    expect(findings.map((f) => [f.id, f.zone_id, f.status, f.km])).toEqual([[A, 'z1', 'signale', 12.1], [B, 'z1', 'pris_en_charge', 12.2], [C, null, 'signale', null]]);
    expect(counts).toEqual({ z1: { danger: 1, attention: 1 }, [OUTSIDE_ZONE_KEY]: { danger: 1 } });
  });
});

describe('snapshotOfReport photos', () => {
  it('keeps the thumbnails of a finding\'s first photos as the report showed them, none for a point without photo', () => {
    const ix = indexFromPoints(pts);
    const plan: ReportPlan = { sections: [{ zone: 0, start: 0, end: 2 }], rows: Int32Array.from([0, 1]) };
    const photos = ['a', 'b', 'c', 'd', 'e'].map((k) => ({ shown: `https://s/${k}.jpg`, thumb: `https://s/${k}.t.jpg` }));
    const details = new Map([
      [A, { id: A, name: 'Rail usé', description: '', ticketNumber: null, imageUrl: 'https://s/a.jpg', teamName: null, photos }],
      [B, { id: B, name: 'Éclisse', description: '', ticketNumber: null, imageUrl: 'https://s/single.jpg', teamName: null }],
    ]);
    const { findings } = snapshotOfReport(plan, ix, ['z1'], details);
    expect(findings[0].photos).toEqual(['https://s/a.t.jpg', 'https://s/b.t.jpg', 'https://s/c.t.jpg', 'https://s/d.t.jpg']);
    expect(findings[1].photos).toEqual(['https://s/single.jpg']);
    const bare = snapshotOfReport(plan, ix, ['z1'], new Map([[A, { ...details.get(A)!, imageUrl: null, photos: undefined }]])).findings[0];
    expect('photos' in bare).toBe(false);
  });
});

describe('compareWithToday', () => {
  it('counts new unresolved points in the range and saved ones resolved or deleted since', () => {
    const today = [
      { id: 'a', km: 12.1, status: 'resolu' as const }, // saved, resolved since
      { id: 'b', km: 12.2, status: 'signale' as const }, // saved, still open
      { id: 'n1', km: 12.3, status: 'signale' as const }, // new
      { id: 'n2', km: 30, status: 'signale' as const }, // outside the range
      { id: 'n3', km: 12.4, status: 'resolu' as const }, // resolved: not counted as new
    ]; // 'c' was deleted
    const c = compareWithToday([{ id: 'a' }, { id: 'b' }, { id: 'c' }], today, 12, 13);
    expect(c).toEqual({ nouvelles: 1, resolues: 2 });
    expect(compareText({ nouvelles: 3, resolues: 5 })).toBe('3 nouvelles, 5 résolues depuis');
    expect(compareText({ nouvelles: 1, resolues: 0 })).toBe('1 nouvelle, 0 résolue depuis');
  });
});

describe('rules', () => {
  it('locked from 24 h after saving', () => {
    const t = Date.parse('2026-11-24T10:00:00Z');
    expect(isLocked('2026-11-23T10:00:01Z', t)).toBe(false);
    expect(isLocked('2026-11-23T10:00:00Z', t)).toBe(true);
  });
  it('a stretch not inspected needs ordered PKs and a reason', () => {
    expect(notInspectedError({ km_from: 1, km_to: 2, reason: 'Voie occupée' })).toBeNull();
    expect(notInspectedError({ km_from: 2, km_to: 1, reason: 'x' })).toMatch(/précéder/);
    expect(notInspectedError({ km_from: 1, km_to: 2, reason: ' ' })).toMatch(/raison/);
    expect(notInspectedError({ km_from: null, km_to: 2, reason: 'x' })).toMatch(/PK/);
  });
  it("a walk's date is given, at most 5 minutes ahead and not before the line was created", () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    expect(inspectedAtError('2026-12-04T12:04:59Z', now, '2026-01-01T00:00:00Z')).toBeNull();
    expect(inspectedAtError('2026-12-04T12:05:01Z', now, null)).toBe('La date de la tournée est dans le futur.');
    expect(inspectedAtError('2025-12-31T23:59:59Z', now, '2026-01-01T00:00:00Z')).toBe('La date de la tournée est antérieure à la création de la ligne.');
    expect(inspectedAtError('2026-12-04T11:58:00Z', now, '2026-12-04T11:58:40Z')).toBeNull(); // the creation minute, as the form types it
    expect(inspectedAtError('2026-12-04T11:57:00Z', now, '2026-12-04T11:58:40Z')).toBe('La date de la tournée est antérieure à la création de la ligne.');
    expect(inspectedAtError('', now, null)).toBe('Indiquez la date de la tournée.');
  });
  it("shows the database's French refusal of a record (23514) and nothing else", () => {
    expect(inspectionRefusal({ code: '23514', message: 'La date de la tournée est dans le futur.' })).toBe('La date de la tournée est dans le futur.');
    expect(inspectionRefusal({ code: '42501', message: 'permission denied' })).toBeNull();
    expect(inspectionRefusal(new Error('x'))).toBeNull();
    expect(inspectionRefusal(null)).toBeNull();
  });
});
