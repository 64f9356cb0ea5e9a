import { describe, expect, it } from 'vitest';
import { isHexColor, isValidEmail, isValidFeedbackLink, normalizeHexColor, parseAccuracyThreshold, requiredName } from './settingsValidation';

describe('isValidFeedbackLink', () => {
  it('accepts an empty value and http(s) URLs', () => {
    expect(isValidFeedbackLink('')).toBe(true);
    expect(isValidFeedbackLink('   ')).toBe(true);
    expect(isValidFeedbackLink('https://forms.example.org/avis?x=1')).toBe(true);
    expect(isValidFeedbackLink('http://intranet.local/avis')).toBe(true);
  });
  it('refuses text that is not a URL and non-web schemes', () => {
    expect(isValidFeedbackLink('pas une url')).toBe(false);
    expect(isValidFeedbackLink('example.org')).toBe(false);
    expect(isValidFeedbackLink('javascript:alert(1)')).toBe(false);
    expect(isValidFeedbackLink('ftp://example.org')).toBe(false);
  });
});

describe('hex colours', () => {
  it('accepts #rrggbb only', () => {
    expect(isHexColor('#ef4444')).toBe(true);
    expect(isHexColor('#EF4444')).toBe(true);
    expect(isHexColor('#ef444')).toBe(false);
    expect(isHexColor('red')).toBe(false);
  });
  it('normalizes short and unprefixed forms', () => {
    expect(normalizeHexColor('#ABC')).toBe('#aabbcc');
    expect(normalizeHexColor('3B82F6')).toBe('#3b82f6');
    expect(normalizeHexColor('#12345g')).toBeNull();
  });
});

describe('isValidEmail', () => {
  it('accepts a normal address and refuses blanks and malformed ones', () => {
    expect(isValidEmail(' agent@rail.local ')).toBe(true);
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('agent@')).toBe(false);
    expect(isValidEmail('a b@rail.local')).toBe(false);
  });
});

describe('requiredName', () => {
  it('trims and refuses blank names', () => {
    expect(requiredName('  Équipe Nord ')).toBe('Équipe Nord');
    expect(requiredName('   ')).toBeNull();
  });
});

describe('parseAccuracyThreshold', () => {
  it('accepts whole metres from 5 to 500', () => {
    expect(parseAccuracyThreshold('5')).toBe(5);
    expect(parseAccuracyThreshold(' 120 ')).toBe(120);
    expect(parseAccuracyThreshold('500')).toBe(500);
  });
  it('refuses what the database refuses: out of bounds, decimals, signs, text, empty', () => {
    for (const v of ['4', '501', '0', '12.5', '12,5', '-10', '+10', 'abc', '', '0050', '1e2']) expect(parseAccuracyThreshold(v), v).toBeNull();
  });
});
