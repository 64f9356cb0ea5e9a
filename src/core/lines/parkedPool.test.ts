import { describe, expect, it } from 'vitest';
import { ParkedPool } from './parkedPool';

class Res {
  parked = 0;
  disposed = false;
  constructor(readonly name: string) {}
  park() { this.parked++; }
  dispose() { this.disposed = true; }
}

describe('ParkedPool', () => {
  it('gives back the resource parked under a key, once', () => {
    const pool = new ParkedPool<Res>(2);
    const a = new Res('a');
    pool.park('A', a);
    expect(a.parked).toBe(1);
    expect(pool.take('A')).toBe(a);
    expect(pool.take('A')).toBeNull();
    expect(a.disposed).toBe(false);
  });

  it('keeps the last `keep` parked and destroys the least recently parked', () => {
    const pool = new ParkedPool<Res>(2);
    const [a, b, c] = [new Res('a'), new Res('b'), new Res('c')];
    pool.park('A', a);
    pool.park('B', b);
    pool.park('C', c);
    expect(a.disposed).toBe(true);
    expect([b.disposed, c.disposed]).toEqual([false, false]);
    expect(pool.keys()).toEqual(['B', 'C']);
    // Taken and parked again: the most recent.
    pool.park('B', pool.take('B')!);
    pool.park('A', new Res('a2'));
    expect(c.disposed).toBe(true);
    expect(pool.keys()).toEqual(['B', 'A']);
  });

  it('destroys another resource parked under the same key', () => {
    const pool = new ParkedPool<Res>(3);
    const [a, a2] = [new Res('a'), new Res('a2')];
    pool.park('A', a);
    pool.park('A', a2);
    expect(a.disposed).toBe(true);
    expect(pool.take('A')).toBe(a2);
  });

  it('closed: destroys what it holds and what is parked after; taking reopens it', () => {
    const pool = new ParkedPool<Res>(2);
    const [a, b, c] = [new Res('a'), new Res('b'), new Res('c')];
    pool.park('A', a);
    pool.close();
    expect(a.disposed).toBe(true);
    pool.park('B', b); // the map's image effect cleaned up after the pool's
    expect(b.disposed).toBe(true);
    expect(pool.take('B')).toBeNull();
    pool.park('C', c);
    expect(c.disposed).toBe(false);
    expect(pool.take('C')).toBe(c);
  });

  it('keep 0: never parks', () => {
    const pool = new ParkedPool<Res>(0);
    const a = new Res('a');
    pool.park('A', a);
    expect(a.disposed).toBe(true);
    expect(pool.take('A')).toBeNull();
  });
});
