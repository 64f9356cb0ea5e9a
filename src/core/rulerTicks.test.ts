import { describe, expect, it } from 'vitest';
import { niceStep, rulerTicks } from './rulerTicks';

const markers = [
  { position: 0, value: 100 },
  { position: 10000, value: 110 }, // 1000 image px per km
  { position: 30000, value: 115 }, // 4000 image px per km
];

function labelled(r: ReturnType<typeof rulerTicks>) {
  return r.ticks.filter((t) => t.label !== null);
}

describe('niceStep', () => {
  it('rounds up to 1-2-5 × 10^n and never below 0.01 km', () => {
    expect(niceStep(0.3)).toBe(0.5);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.01)).toBe(2);
    expect(niceStep(2.5)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(0.013)).toBe(0.02);
    expect(niceStep(0.0001)).toBe(0.01);
  });
});

describe('rulerTicks', () => {
  it('chooses a step from the densest visible segment so labels stay 80 px apart', () => {
    // zoom 0.5: 500 screen px per km on the first segment → 80/500 = 0.16 → 0.2 km
    const r = rulerTicks({ markers, visibleMinX: 0, visibleMaxX: 30000, zoom: 0.5 });
    expect(r.stepKm).toBe(0.2);
    const lab = labelled(r);
    for (let i = 1; i < lab.length; i++) expect((lab[i].imageX - lab[i - 1].imageX) * 0.5).toBeGreaterThanOrEqual(80 - 1e-6);
  });
  it('uses finer steps when zoomed in', () => {
    const r = rulerTicks({ markers, visibleMinX: 2000, visibleMaxX: 4000, zoom: 3 });
    expect(r.stepKm).toBe(0.05); // 3000 px per km → 80/3000 = 0.027 → 0.05
    expect(labelled(r).map((t) => t.label)).toContain('102,50');
    for (const t of r.ticks) expect(t.imageX).toBeGreaterThanOrEqual(2000);
  });
  it('places each tick at the interpolated position of its km', () => {
    const r = rulerTicks({ markers, visibleMinX: 0, visibleMaxX: 30000, zoom: 1 });
    for (const t of r.ticks) {
      const expected = t.km <= 110 ? (t.km - 100) * 1000 : 10000 + (t.km - 110) * 4000;
      expect(t.imageX).toBeCloseTo(expected, 6);
    }
  });
  it('never extrapolates beyond the markers', () => {
    const r = rulerTicks({ markers: markers.slice(0, 2), visibleMinX: -5000, visibleMaxX: 50000, zoom: 1 });
    for (const t of r.ticks) {
      expect(t.km).toBeGreaterThanOrEqual(100);
      expect(t.km).toBeLessThanOrEqual(110);
    }
  });
  it('returns the visible markers and hides marker labels that would overlap', () => {
    const close = [{ position: 0, value: 1 }, { position: 50, value: 1.05 }, { position: 1000, value: 2 }];
    const r = rulerTicks({ markers: close, visibleMinX: 0, visibleMaxX: 1000, zoom: 1 });
    expect(r.markers.map((m) => [m.label, m.labelVisible])).toEqual([['1,00', true], ['1,05', false], ['2,00', true]]);
    for (const t of labelled(r)) for (const m of r.markers.filter((x) => x.labelVisible)) expect(Math.abs(t.imageX - m.imageX)).toBeGreaterThanOrEqual(80);
  });
  it('handles PK decreasing along the image', () => {
    const r = rulerTicks({ markers: [{ position: 0, value: 20 }, { position: 2000, value: 18 }], visibleMinX: 0, visibleMaxX: 2000, zoom: 1 });
    expect(r.stepKm).toBe(0.1);
    const xs = r.ticks.map((t) => t.imageX);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(r.ticks.find((t) => t.km === 19)?.imageX).toBeCloseTo(1000, 6);
  });
  it('gives no ticks with fewer than two markers', () => {
    expect(rulerTicks({ markers: [{ position: 5, value: 1 }], visibleMinX: 0, visibleMaxX: 100, zoom: 1 })).toMatchObject({ stepKm: null, ticks: [] });
  });
});
