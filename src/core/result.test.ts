import { describe, expect, it } from 'vitest';
import { fail, failureMessage, ok, type Result } from './result';

describe('result', () => {
  it('carries a value on success', () => {
    const r: Result<number> = ok(3);
    expect(r).toEqual({ ok: true, value: 3 });
    expect(ok()).toEqual({ ok: true, value: undefined });
    expect(failureMessage(r)).toBeNull();
  });
  it('carries the kind and the French message on failure', () => {
    const r: Result<number> = fail('in_use', 'Impossible de supprimer cette équipe car elle est utilisée par des signalements');
    expect(r.ok).toBe(false);
    if (r.ok) throw new Error('expected a failure');
    expect(r.kind).toBe('in_use');
    expect(failureMessage(r)).toBe('Impossible de supprimer cette équipe car elle est utilisée par des signalements');
  });
  it('narrows by ok', () => {
    const pick = (r: Result<string>): string => (r.ok ? r.value : `${r.kind}: ${r.message}`);
    expect(pick(ok('a'))).toBe('a');
    expect(pick(fail('gone', 'parti'))).toBe('gone: parti');
  });
});
