import { describe, expect, it } from 'vitest';
import { isEmailAddress, parseHttpUrl } from './addresses';

describe('addresses', () => {
  it('accepts plausible emails only', () => {
    expect(isEmailAddress(' agent@sncf.fr ')).toBe(true);
    expect(isEmailAddress('agent@sncf')).toBe(false);
    expect(isEmailAddress('a gent@sncf.fr')).toBe(false);
    expect(isEmailAddress('@sncf.fr')).toBe(false);
  });
  it('parses absolute http(s) URLs only', () => {
    expect(parseHttpUrl('https://example.org/a?b=1')?.origin).toBe('https://example.org');
    expect(parseHttpUrl('http://localhost:3000')?.port).toBe('3000');
    expect(parseHttpUrl('javascript:alert(1)')).toBeNull();
    expect(parseHttpUrl('ftp://example.org')).toBeNull();
    expect(parseHttpUrl('/relative')).toBeNull();
    expect(parseHttpUrl('not a url')).toBeNull();
  });
});
