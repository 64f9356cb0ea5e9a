import { describe, expect, it } from 'vitest';
import { countNoun, formatCount, formatDateFr, formatDateTimeFr, formatKm, parseKmInput, roundKm, settleKmText } from './format';

describe('formatKm', () => {
  it('writes exactly 2 decimals with a French comma', () => {
    expect(formatKm(12.5)).toBe('12,50');
    expect(formatKm(0)).toBe('0,00');
    expect(formatKm(999.99)).toBe('999,99');
    expect(formatKm(7)).toBe('7,00');
  });
  it('rounds half up despite binary representation', () => {
    expect(formatKm(1.005)).toBe('1,01');
    expect(formatKm(2.675)).toBe('2,68');
    expect(formatKm(0.1 + 0.2)).toBe('0,30');
    expect(roundKm(12.344999)).toBe(12.34);
  });
  it('never prints -0,00 and has a fallback for missing values', () => {
    expect(formatKm(-0.001)).toBe('0,00');
    expect(formatKm(null)).toBe('—');
    expect(formatKm(undefined, '')).toBe('');
    expect(formatKm(NaN)).toBe('—');
  });
  it('does not group thousands', () => {
    expect(formatKm(1234.5)).toBe('1234,50');
  });
});

describe('formatDateFr / formatDateTimeFr', () => {
  it('uses the Europe/Paris time zone (winter +1h)', () => {
    expect(formatDateFr('2026-11-21T23:30:00Z')).toBe('22/11/2026');
    expect(formatDateTimeFr('2026-11-21T10:19:00Z')).toBe('21/11/2026 11:19');
  });
  it('uses summer time (+2h) in July', () => {
    expect(formatDateTimeFr(new Date('2026-07-14T08:05:00Z'))).toBe('14/07/2026 10:05');
  });
  it('gives an empty string for an invalid date', () => {
    expect(formatDateFr('pas une date')).toBe('');
    expect(formatDateTimeFr('')).toBe('');
  });
});

describe('parseKmInput', () => {
  it('accepts a comma or a dot, up to 3 integer digits and 2 decimals', () => {
    expect(parseKmInput('12,5')).toBe(12.5);
    expect(parseKmInput('12.50')).toBe(12.5);
    expect(parseKmInput(' 7 ')).toBe(7);
    expect(parseKmInput('999.99')).toBe(999.99);
    expect(parseKmInput('0')).toBe(0);
  });
  it('rejects anything else', () => {
    for (const bad of ['', '1000', '12.345', '-1', 'abc', '12,', '1e2', '12.5.1', ',5', null, undefined]) {
      expect(parseKmInput(bad as string)).toBeNull();
    }
  });
});

describe('formatCount (counts at 100k)', () => {
  it('groups thousands the French way', () => {
    expect(formatCount(75347)).toBe('75\u202f347');
    expect(formatCount(1234567)).toBe('1\u202f234\u202f567');
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
  });
});

describe('settleKmText', () => {
  it('shows a PK with 2 decimals and a comma once the field is left, whatever the separator typed', () => {
    expect(settleKmText('25,5')).toBe('25,50');
    expect(settleKmText('25.5')).toBe('25,50');
    expect(settleKmText('7')).toBe('7,00');
    expect(settleKmText('999,99')).toBe('999,99');
  });
  it('leaves a text that is not a PK as typed (the form names the error)', () => {
    expect(settleKmText('')).toBe('');
    expect(settleKmText('12,')).toBe('12,');
    expect(settleKmText('1000')).toBe('1000');
  });
});

describe('countNoun', () => {
  it('uses the singular for 0 and 1 and the plural from 2 on, with the thousands separator', () => {
    expect(countNoun(0, 'anomalie')).toBe('0 anomalie');
    expect(countNoun(1, 'anomalie')).toBe('1 anomalie');
    expect(countNoun(2, 'anomalie')).toBe('2 anomalies');
    expect(countNoun(1234, 'anomalie constatée', 'anomalies constatées')).toBe('1\u202f234 anomalies constatées');
  });
});
