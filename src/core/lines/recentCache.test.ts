import { describe, expect, it } from 'vitest';
import { createRecentCache } from './recentCache';

describe('recent lines cache', () => {
  it('keeps the most recent entries up to the count bound, least recent evicted first', () => {
    const c = createRecentCache<string>(2, 1_000);
    expect(c.put('a', 'A', 10)).toEqual([]);
    expect(c.put('b', 'B', 10)).toEqual([]);
    expect(c.put('c', 'C', 10)).toEqual(['a']);
    expect(c.keys()).toEqual(['b', 'c']);
    expect(c.has('a')).toBe(false);
  });

  it('take removes the entry (the line is shown again) and re-parking makes it the most recent', () => {
    const c = createRecentCache<string>(2, 1_000);
    c.put('a', 'A', 1);
    c.put('b', 'B', 1);
    expect(c.take('a')).toBe('A');
    expect(c.take('a')).toBeUndefined();
    expect(c.keys()).toEqual(['b']);
    c.put('a', 'A2', 1);
    c.put('c', 'C', 1);
    expect(c.keys()).toEqual(['a', 'c']);
    expect(c.take('a')).toBe('A2');
  });

  it('bounds the total weight: heavy entries push out older ones, one heavier than the bound is not kept', () => {
    const c = createRecentCache<string>(3, 100);
    c.put('a', 'A', 40);
    c.put('b', 'B', 40);
    expect(c.put('c', 'C', 40)).toEqual(['a']);
    expect(c.weight()).toBe(80);
    expect(c.put('huge', 'H', 101)).toEqual(['huge']);
    expect(c.keys()).toEqual(['b', 'c']);
    expect(c.weight()).toBe(80);
  });

  it('replacing a key does not count its old weight; clear empties it', () => {
    const c = createRecentCache<string>(3, 100);
    c.put('a', 'A', 60);
    c.put('a', 'A2', 60);
    expect(c.weight()).toBe(60);
    expect(c.keys()).toEqual(['a']);
    c.clear();
    expect(c.keys()).toEqual([]);
    expect(c.weight()).toBe(0);
  });

  it('keeps nothing with a zero count bound', () => {
    const c = createRecentCache<string>(0, 100);
    expect(c.put('a', 'A', 1)).toEqual(['a']);
    expect(c.has('a')).toBe(false);
  });

  it('tells onEvict of each value pushed out, never of one taken back', () => {
    const evicted: [string, string][] = [];
    const c = createRecentCache<string>(2, 100, (k, v) => evicted.push([k, v]));
    c.put('a', 'A', 10);
    c.put('b', 'B', 10);
    expect(c.take('a')).toBe('A');
    c.put('a', 'A', 10);
    c.put('c', 'C', 10);
    c.put('heavy', 'H', 101);
    expect(evicted).toEqual([['b', 'B'], ['heavy', 'H']]);
  });
});
