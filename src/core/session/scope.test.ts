import { describe, expect, it } from 'vitest';
import { definePart, SessionScope } from './scope';

describe('SessionScope', () => {
  it('creates a part once per session and disposes parts newest first', () => {
    const log: string[] = [];
    const a = definePart('a', () => ({ n: 0 }), () => log.push('a'));
    const b = definePart('b', () => new Set<string>(), () => log.push('b'));
    const s = new SessionScope('u1', 1);
    s.part(a).n++;
    s.part(a).n++;
    s.part(b).add('x');
    expect(s.part(a).n).toBe(2);
    expect(s.partNames()).toEqual(['a', 'b']);
    s.dispose();
    expect(log).toEqual(['b', 'a']);
    expect(s.active).toBe(false);
    expect(s.partNames()).toEqual([]);
  });

  it('gives a late caller of an ended session a fresh state that is not kept', () => {
    const a = definePart('a', () => ({ n: 0 }));
    const s = new SessionScope('u1', 1);
    s.part(a).n = 5;
    s.dispose();
    expect(s.part(a).n).toBe(0);
    s.part(a).n = 3;
    expect(s.part(a).n).toBe(0);
    expect(s.has(a)).toBe(false);
  });

  it('a sign-in claims a scope nobody owns, never one of another user or an ended one', () => {
    const s = new SessionScope(null, 2);
    expect(s.claim('u1')).toBe(true);
    expect(s.userId).toBe('u1');
    expect(s.claim('u1')).toBe(true);
    expect(s.claim('u2')).toBe(false);
    s.dispose();
    expect(new SessionScope(null, 3).claim('u2')).toBe(true);
    const ended = new SessionScope(null, 4);
    ended.dispose();
    expect(ended.claim('u1')).toBe(false);
  });

  it('keeps disposing when one part fails', () => {
    const log: string[] = [];
    const bad = definePart('bad', () => 1, () => { throw new Error('x'); });
    const good = definePart('good', () => 1, () => log.push('good'));
    const s = new SessionScope(null, 0);
    s.part(good); s.part(bad);
    const err = console.error; console.error = () => undefined;
    try { s.dispose(); } finally { console.error = err; }
    expect(log).toEqual(['good']);
  });
});
