import { describe, expect, it } from 'vitest';
import { applyOverlay } from './overlay';
import { fields, item, point } from './testItems';

describe('outbox overlay on the loaded points', () => {
  const server = [point('a', { creationDate: '2026-11-20T00:00:00Z' }), point('b', { creationDate: '2026-11-19T00:00:00Z' })];

  it('shows created, edited and deleted points as the device sees them', () => {
    const created = item({ kind: 'create', pointId: 'n', fields: fields({ name: 'Nouveau' }) });
    created.view = point('n', { name: 'Nouveau', creationDate: '2026-11-23T00:00:00Z' });
    const edited = item({ kind: 'update', pointId: 'a', patch: { status: 'resolu' }, baseVersion: 'v1' });
    const deleted = item({ kind: 'delete', pointId: 'b', baseVersion: 'v1', imageUrl: null });
    const out = applyOverlay(server, [created, edited, deleted]);
    expect(out.map((p) => p.id)).toEqual(['n', 'a']);
    expect(out[1].status).toBe('resolu');
  });

  it('returns the same array once applied (a subscriber re-applying it never loops)', () => {
    const edited = item({ kind: 'update', pointId: 'a', patch: { name: 'X' }, baseVersion: 'v1' });
    const once = applyOverlay(server, [edited]);
    expect(once).not.toBe(server);
    expect(applyOverlay(once, [edited])).toBe(once);
    expect(applyOverlay(server, [])).toBe(server);
  });

  it('the last item of a point wins', () => {
    const u1 = item({ kind: 'update', pointId: 'a', patch: { name: 'X' }, baseVersion: 'v1' }, { state: 'sending' });
    const u2 = item({ kind: 'update', pointId: 'a', patch: { name: 'Y' }, baseVersion: 'v1' });
    expect(applyOverlay(server, [u2, u1]).find((p) => p.id === 'a')?.name).toBe('Y');
  });
});
