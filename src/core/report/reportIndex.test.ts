import { describe, expect, it } from 'vitest';
import { copyPointIndexInSteps, NO_TEAM, reportPointId, type ReportPointIndex } from './reportIndex';
import type { PointIndex } from '../pointIndex/types';
import { indexOfPoints } from '../../../test/fixtures/pointIndex/fromPoints';
import type { Point } from '../types';

const id = (k: number) => `00000000-0000-4000-8000-${k.toString(16).padStart(12, '0')}`;
const point = (k: number): Point => ({
  id: id(k), name: `P${k}`, description: '', kilometer: '', kmValue: k % 5 === 0 ? null : k / 10, position: { x: k * 1.5, y: 700 + k },
  imageUrl: null, status: (['signale', 'pris_en_charge', 'resolu'] as const)[k % 3], criticality: k % 2 ? 'attention' : 'danger',
  ticketNumber: null, teamId: k % 4 === 0 ? null : `team-${k % 3}`, teamName: null, creationDate: '2026-11-20T10:00:00Z', createdBy: null,
});

/** The whole copy in one step. */
function copyAtOnce(p: PointIndex): ReportPointIndex {
  const r = copyPointIndexInSteps(p, p.count).next();
  if (!r.done) throw new Error('one step expected');
  return r.value;
}

describe('copyPointIndexInSteps', () => {
  const source = indexOfPoints(Array.from({ length: 23 }, (_, k) => point(k)));

  it('yields between steps and gives the same copy as in one step', () => {
    const steps = copyPointIndexInSteps(source, 5);
    const yielded: number[] = [];
    let r = steps.next();
    while (!r.done) { yielded.push(r.value); r = steps.next(); }
    expect(yielded).toEqual([5, 10, 15, 20]);
    expect(r.value).toEqual(copyAtOnce(source));
  });

  it('copies every column: ids, positions, km (NaN when none), status, criticality and team codes', () => {
    const ix = copyAtOnce(source);
    expect(ix.xs).toBeInstanceOf(Float32Array);
    for (let i = 0; i < 23; i++) {
      const k = Number.parseInt(reportPointId(ix, i).slice(-12), 16);
      const p = point(k);
      expect(ix.xs[i]).toBeCloseTo(p.position.x, 3);
      expect(ix.ys[i]).toBeCloseTo(p.position.y, 3);
      if (p.kmValue === null) expect(ix.km[i]).toBeNaN(); else expect(ix.km[i]).toBeCloseTo(p.kmValue, 9);
      expect(['signale', 'pris_en_charge', 'resolu'][ix.status[i]]).toBe(p.status);
      expect(ix.criticalityKeys[ix.criticality[i]]).toBe(p.criticality);
      expect(ix.team[i] === NO_TEAM ? null : ix.teamKeys[ix.team[i]]).toBe(p.teamId);
    }
  });

  it('owns its arrays: a later change of the source does not reach the copy', () => {
    const ix = copyAtOnce(source);
    const before = ix.xs[0];
    source.x[0] = -99;
    expect(ix.xs[0]).toBe(before);
    expect(ix.xs.buffer.byteLength).toBe(23 * 4); // whole buffers, as lending them to the worker needs
  });
});
