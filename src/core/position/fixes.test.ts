import { describe, expect, it } from 'vitest';
import { averageFixes, averageMessage, fixAccepted, gnssSummary, impreciseMessage } from './fixes';

const f = (lat: number, lon: number, accuracyM: number, at = 0) => ({ lat, lon, accuracyM, at });

describe('fixes', () => {
  it('accepts fixes within the threshold only', () => {
    expect(fixAccepted(f(48.8, 2.3, 50), 50)).toBe(true);
    expect(fixAccepted(f(48.8, 2.3, 50.1), 50)).toBe(false);
    expect(fixAccepted(f(200, 2.3, 5), 50)).toBe(false);
    expect(fixAccepted(f(48.8, Number.NaN, 5), 50)).toBe(false);
    expect(impreciseMessage(120)).toBe('Position imprécise (120 m) : attendez un meilleur signal');
  });
  it('averages the accepted fixes, weighted by accuracy, and counts them', () => {
    const avg = averageFixes([f(48.0, 2.0, 10, 1), f(48.0002, 2.0, 10, 2), f(49, 3, 200, 3), f(48.0001, 2.0001, 10, 4)], 50)!;
    expect(avg.fixes).toBe(3);
    expect(avg.lat).toBeCloseTo(48.0001, 6);
    expect(avg.lon).toBeCloseTo(2.0000333, 6);
    expect(avg.accuracyM).toBe(10);
    expect(avg.at).toBe(4);
    const weighted = averageFixes([f(48.0, 2.0, 2), f(48.001, 2.0, 20)], 50)!;
    expect(weighted.lat).toBeLessThan(48.0001); // the precise fix dominates
    expect(averageFixes([f(48, 2, 120)], 50)).toBeNull();
  });
  it('words the average', () => {
    expect(averageMessage(5, 0)).toBe('Moyenne de 5 positions');
    expect(averageMessage(1, 2)).toBe('Moyenne de 1 position (2 écartées)');
  });
});

describe('the fix kept with a point', () => {
  it('gives its precision in whole metres and how many fixes were averaged', () => {
    expect(gnssSummary({ accuracyM: 9.4, fixes: 5 })).toBe('Position GNSS : précision 9 m, 5 mesures');
    expect(gnssSummary({ accuracyM: 3, fixes: 1 })).toBe('Position GNSS : précision 3 m, 1 mesure');
    expect(gnssSummary({ accuracyM: 1250, fixes: 1 })).toBe('Position GNSS : précision 1\u202f250 m, 1 mesure');
  });
});
