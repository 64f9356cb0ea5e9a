import { describe, expect, it } from 'vitest';
import {
  buildReportRequest, clampKm, effectiveTracks, reselectZones, searchZones, sortedRange, validateReportForm,
  zoneFitsTracks, zoneOverlapsRange, zonesCrossed,
} from './rules';
import { REPORT_MESSAGES } from './strings';
import { rectZone } from '../../../test/fixtures/report/fixtures';

const zones = [
  rectZone('a', 0, 0, 10, 10, { track: 'voie_1', kmStart: 10, kmEnd: 12 }),
  rectZone('b', 0, 0, 10, 10, { track: 'voie_2', kmStart: 11.5, kmEnd: 14 }),
  rectZone('c', 0, 0, 10, 10, { track: null, kmStart: 13, kmEnd: 15 }),
  rectZone('d', 0, 0, 10, 10, { track: 'voie_1', kmStart: 20, kmEnd: 22 }),
  rectZone('e', 0, 0, 10, 10, { track: 'voie_2', kmStart: null, kmEnd: null }),
];

describe('zoneOverlapsRange', () => {
  it('counts touching ends as overlapping and ignores the order of the bounds', () => {
    expect(zoneOverlapsRange(zones[0], { start: 12, end: 13 })).toBe(true);
    expect(zoneOverlapsRange(zones[0], { start: 13, end: 12 })).toBe(true);
    expect(zoneOverlapsRange(zones[0], { start: 12.01, end: 13 })).toBe(false);
  });
  it('treats an empty bound as unbounded on that side', () => {
    expect(zoneOverlapsRange(zones[3], { start: null, end: null })).toBe(true);
    expect(zoneOverlapsRange(zones[3], { start: 21, end: null })).toBe(true);
    expect(zoneOverlapsRange(zones[3], { start: null, end: 19 })).toBe(false);
  });
  it('never matches a zone whose km range is unknown', () => {
    expect(zoneOverlapsRange(zones[4], { start: null, end: null })).toBe(false);
  });
});

describe('zoneFitsTracks', () => {
  it('fits a zone of a selected track and a zone without track', () => {
    expect(zoneFitsTracks(zones[0], ['voie_1'])).toBe(true);
    expect(zoneFitsTracks(zones[1], ['voie_1'])).toBe(false);
    expect(zoneFitsTracks(zones[2], ['voie_1'])).toBe(true);
  });
  it('keeps only zones without a track when no track is selected', () => {
    expect(zones.filter((z) => zoneFitsTracks(z, [])).map((z) => z.id)).toEqual(['c']);
  });
});

describe('reselectZones', () => {
  it('selects the zones overlapping the range that fit both tracks', () => {
    expect(reselectZones(zones, { start: 11, end: 14 }, ['voie_1', 'voie_2'])).toEqual(['a', 'b', 'c']);
  });
  it('drops the zones of an unselected track after a track change', () => {
    expect(reselectZones(zones, { start: 11, end: 14 }, ['voie_1'])).toEqual(['a', 'c']);
    expect(reselectZones(zones, { start: 11, end: 14 }, ['voie_2'])).toEqual(['b', 'c']);
  });
  it('keeps only trackless zones when no track is selected', () => {
    expect(reselectZones(zones, { start: 0, end: 100 }, [])).toEqual(['c']);
  });
  it('follows a range change, with a swapped range giving the same selection', () => {
    expect(reselectZones(zones, { start: 19, end: 25 }, ['voie_1', 'voie_2'])).toEqual(['d']);
    expect(reselectZones(zones, { start: 25, end: 19 }, ['voie_1', 'voie_2'])).toEqual(['d']);
  });
});

describe('zonesCrossed and searchZones', () => {
  it('lists the zones crossed by the range in their given order', () => {
    expect(zonesCrossed(zones, { start: 11, end: 13 }).map((z) => z.id)).toEqual(['a', 'b', 'c']);
  });
  it('searches names without case or accents', () => {
    const named = [{ name: 'Gare de Lyon' }, { name: 'Échangeur nord' }, { name: 'Tunnel' }];
    expect(searchZones(named, 'echang').map((z) => z.name)).toEqual(['Échangeur nord']);
    expect(searchZones(named, '  ')).toHaveLength(3);
  });
});

describe('effectiveTracks', () => {
  it('falls back to both tracks when none is selected', () => {
    expect(effectiveTracks([])).toEqual(['voie_1', 'voie_2']);
    expect(effectiveTracks(['voie_2'])).toEqual(['voie_2']);
    expect(effectiveTracks(['voie_2', 'voie_1'])).toEqual(['voie_1', 'voie_2']);
  });
});

describe('buildReportRequest', () => {
  it('swaps start and end while keeping the display values as entered', () => {
    const r = buildReportRequest({ start: 18, end: 12.5 }, ['a'], ['voie_1'], { min: 0, max: 30 })!;
    expect([r.startPoint, r.endPoint]).toEqual([12.5, 18]);
    expect([r.displayStartPoint, r.displayEndPoint]).toEqual([18, 12.5]);
    expect(r.selectedTracks).toEqual(['voie_1']);
  });
  it('keeps an empty track selection (the fallback is applied to the result) and clamps to the marker bounds', () => {
    const r = buildReportRequest({ start: -5, end: 50 }, ['a'], [], { min: 1, max: 30 })!;
    expect(r.selectedTracks).toEqual([]);
    expect([r.startPoint, r.endPoint]).toEqual([1, 30]);
  });
  it('returns null without both bounds', () => {
    expect(buildReportRequest({ start: 1, end: null }, ['a'], [], null)).toBeNull();
    expect(sortedRange({ start: null, end: 2 })).toBeNull();
    expect(clampKm(5, null)).toBe(5);
  });
});

describe('validateReportForm', () => {
  const ok = { range: { start: 1, end: 2 }, selectedZones: ['a'], markerCount: 2 };
  it('asks for two markers first', () => {
    expect(validateReportForm({ ...ok, markerCount: 1 })).toBe(REPORT_MESSAGES.needMarkers);
  });
  it('asks for start and end, then for a zone', () => {
    expect(validateReportForm({ ...ok, range: { start: 1, end: null } })).toBe(REPORT_MESSAGES.needRange);
    expect(validateReportForm({ ...ok, selectedZones: [] })).toBe(REPORT_MESSAGES.needZone);
    expect(validateReportForm(ok)).toBeNull();
  });
  it('blocks a PK outside the marker bounds with a French message', () => {
    const bounds = { min: 12, max: 30 };
    expect(validateReportForm({ ...ok, bounds, range: { start: 5, end: 20 } })).toBe("Le PK de départ doit être compris entre PK 12,00 et PK 30,00");
    expect(validateReportForm({ ...ok, bounds, range: { start: 20, end: 30.01 } })).toBe("Le PK d'arrivée doit être compris entre PK 12,00 et PK 30,00");
    expect(validateReportForm({ ...ok, bounds, range: { start: 12, end: 30 } })).toBeNull();
  });
});
