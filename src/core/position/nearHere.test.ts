import { describe, expect, it } from 'vitest';
import { curvedLine } from '../../../test/fixtures/position/curvedLine';
import { buildLineIndex } from './lineIndex';
import { locate } from './locate';
import { isHereQuery, nearHereHeading, nearHereTarget, nearestByPk } from './nearHere';

const line = curvedLine({ jump: { atM: 400, toPk: 18.1 } });
const index = buildLineIndex(line.input);
const fix = (s: number, offsetM: number, accuracyM: number) => ({ ...line.at(s, offsetM), accuracyM, at: 0 });

describe("'ici' in the search box", () => {
  it('recognises ici whatever the case, accents and spaces, and nothing else', () => {
    for (const q of ['ici', ' Ici ', 'ICI', 'icí']) expect(isHereQuery(q)).toBe(true);
    for (const q of ['ic', 'icib', 'ici 2', 'PK 17,4', '']) expect(isHereQuery(q)).toBe(false);
  });

  it('searches around the located PK on the line, on either track when both are within the uncertainty', () => {
    const on = nearHereTarget(locate([index], fix(250, 0, 1)));
    expect(on.ok && on.lineId === line.input.lineId && Math.abs(on.pk - line.pkAt(250)) < 0.02).toBe(true);
    const both = nearHereTarget(locate([index], fix(250, 2, 8)));
    expect(both.ok && Math.abs(both.pk - line.pkAt(250)) < 0.02).toBe(true);
  });

  it('says why it cannot search: imprecise, far from the line', () => {
    expect(nearHereTarget(locate([index], fix(250, 0, 200)))).toEqual({ ok: false, message: 'Position imprécise (200 m) : attendez un meilleur signal' });
    const far = nearHereTarget(locate([index], fix(250, 340, 3)));
    expect(far.ok).toBe(false);
    if (!far.ok) expect(far.message).toMatch(/^Vous êtes à 3\d\d m de la ligne /);
  });

  it('keeps hits within 200 m (17,61 is 210 m away), nearest PK first, newest first on ties', () => {
    const hits = [
      { id: 'a', kmValue: 17.55 }, { id: 'b', kmValue: 17.41 }, { id: 'c', kmValue: null },
      { id: 'd', kmValue: 17.2 }, { id: 'e', kmValue: 17.39 }, { id: 'f', kmValue: 17.61 },
    ];
    expect(nearestByPk(hits, 17.4).map((h) => h.id)).toEqual(['b', 'e', 'a', 'd']);
    expect(nearestByPk(hits, 17.4, 0.05).map((h) => h.id)).toEqual(['b', 'e']);
  });

  it('names the radius, the PK and the line', () => {
    expect(nearHereHeading({ pk: 17.42, name: 'L1' })).toBe('Anomalies à moins de 200 m · PK 17,42 · ligne L1');
  });
});
