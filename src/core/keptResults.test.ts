import { describe, expect, it } from 'vitest';
import { keptResults } from './keptResults';

interface Key { generation: number; name: string }
const results = () => keptResults<object, Key, { made: string }>({
  size: 2,
  current: (kept, asked) => kept.generation === asked.generation,
  same: (kept, asked) => kept.name === asked.name,
});

describe('keptResults', () => {
  it('returns the kept result of a recent key, per owner, and makes a new one past the size', () => {
    const kept = results();
    const owner = {}, other = {};
    let made = 0;
    const make = (name: string) => () => ({ made: `${name}${++made}` });
    const a = kept.get(owner, { generation: 1, name: 'a' }, make('a'));
    const b = kept.get(owner, { generation: 1, name: 'b' }, make('b'));
    expect(kept.get(owner, { generation: 1, name: 'a' }, make('a'))).toBe(a);
    expect(kept.get(owner, { generation: 1, name: 'b' }, make('b'))).toBe(b);
    expect(kept.get(other, { generation: 1, name: 'a' }, make('a'))).not.toBe(a); // per owner
    kept.get(owner, { generation: 1, name: 'c' }, make('c')); // a third: the least recently used ('a') goes
    expect(kept.get(owner, { generation: 1, name: 'b' }, make('b'))).toBe(b);
    expect(kept.get(owner, { generation: 1, name: 'a' }, make('a'))).not.toBe(a);
    expect(made).toBe(5);
  });

  it('never returns a result of an older generation of the owner', () => {
    const kept = results();
    const owner = {};
    const first = kept.get(owner, { generation: 1, name: 'a' }, () => ({ made: 'old' }));
    const next = kept.get(owner, { generation: 2, name: 'a' }, () => ({ made: 'new' }));
    expect(next).not.toBe(first);
    expect(next.made).toBe('new');
  });
});
