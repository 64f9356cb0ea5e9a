import { describe, expect, it } from 'vitest';
import { mayDeletePoints, pointDeleteMode } from './pointDelete';

describe('point delete setting', () => {
  it("reads 'admins' only when stored so; every member otherwise (the default)", () => {
    expect(pointDeleteMode('admins')).toBe('admins');
    expect(pointDeleteMode('membres')).toBe('membres');
    expect(pointDeleteMode(undefined)).toBe('membres');
    expect(pointDeleteMode('')).toBe('membres');
    expect(pointDeleteMode('Admins')).toBe('membres');
  });
  it('admins always delete; members only under membres', () => {
    expect(mayDeletePoints('admins', true)).toBe(true);
    expect(mayDeletePoints('admins', false)).toBe(false);
    expect(mayDeletePoints('membres', false)).toBe(true);
  });
});
