import { describe, expect, it } from 'vitest';
import { enqueue, mergeOps } from './coalesce';
import { fields, item } from './testItems';

describe('outbox coalescing', () => {
  it('appends a change of another point, in FIFO order', () => {
    const a = item({ kind: 'create', pointId: 'p1', fields: fields() });
    const r = enqueue([a], item({ kind: 'create', pointId: 'p2', fields: fields() }));
    expect(r.items.map((i) => i.op.pointId)).toEqual(['p1', 'p2']);
    expect(r.items[1].seq).toBeGreaterThan(a.seq);
    expect(r.removed).toEqual([]);
  });

  it('folds edits of a point created offline into its create (one insert, with the last values)', () => {
    const c = item({ kind: 'create', pointId: 'p1', fields: fields({ name: 'A' }) }, { photos: ['points/x.png'] });
    const r1 = enqueue([c], item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: null }));
    const r2 = enqueue(r1.items, item({ kind: 'update', pointId: 'p1', patch: { status: 'resolu' }, baseVersion: null }, { photos: ['points/y.png'] }));
    expect(r2.items).toHaveLength(1);
    const op = r2.items[0].op;
    expect(op.kind).toBe('create');
    if (op.kind === 'create') expect(op.fields).toMatchObject({ name: 'B', status: 'resolu', description: 'Fendue' });
    expect(r2.items[0].id).toBe(c.id);
    expect(r2.items[0].photos).toEqual(['points/x.png', 'points/y.png']);
  });

  it('keeps the later gallery of merged changes, and a gallery when the later change has none', () => {
    const g = (path: string) => ({ path, caption: null, takenAt: null, lat: null, lon: null, width: null, height: null, bytes: null });
    const c = item({ kind: 'create', pointId: 'p1', fields: fields(), gallery: [g('points/a.jpg')] });
    const r1 = enqueue([c], item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: null }));
    const op1 = r1.items[0].op;
    expect(op1.kind === 'create' && op1.gallery?.map((p) => p.path)).toEqual(['points/a.jpg']);
    const r2 = enqueue(r1.items, item({ kind: 'update', pointId: 'p1', patch: {}, baseVersion: null, gallery: [g('points/b.jpg'), g('points/a.jpg')] }));
    const op2 = r2.items[0].op;
    expect(op2.kind === 'create' && op2.gallery?.map((p) => p.path)).toEqual(['points/b.jpg', 'points/a.jpg']);
    const u = mergeOps({ kind: 'update', pointId: 'p2', patch: {}, baseVersion: 'v1', gallery: [g('points/c.jpg')] }, { kind: 'update', pointId: 'p2', patch: { name: 'C' }, baseVersion: 'v2' });
    expect(u !== 'append' && u?.kind === 'update' && [u.baseVersion, u.gallery?.map((p) => p.path)]).toEqual(['v1', ['points/c.jpg']]);
  });

  it('a point created then deleted offline sends nothing', () => {
    const c = item({ kind: 'create', pointId: 'p1', fields: fields() });
    const r = enqueue([c], item({ kind: 'delete', pointId: 'p1', baseVersion: null, imageUrl: null }));
    expect(r.items).toEqual([]);
    expect(r.removed).toEqual([c.id]);
  });

  it('two edits merge into one, keeping the first base version (the version the device saw)', () => {
    const u = item({ kind: 'update', pointId: 'p1', patch: { name: 'B', status: 'pris_en_charge' }, baseVersion: 'v1' });
    const r = enqueue([u], item({ kind: 'update', pointId: 'p1', patch: { status: 'resolu' }, baseVersion: 'v1-local' }));
    expect(r.items).toHaveLength(1);
    expect(r.items[0].op).toEqual({ kind: 'update', pointId: 'p1', patch: { name: 'B', status: 'resolu' }, baseVersion: 'v1' });
  });

  it('an edit then a delete becomes a delete stating the same base version', () => {
    const u = item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: 'v1' });
    const r = enqueue([u], item({ kind: 'delete', pointId: 'p1', baseVersion: 'v1', imageUrl: 'points/a.png' }));
    expect(r.items[0].op).toEqual({ kind: 'delete', pointId: 'p1', baseVersion: 'v1', imageUrl: 'points/a.png' });
    expect(r.items[0].view).toBeNull();
  });

  it('never merges into an item being sent or in conflict: the change waits after it', () => {
    for (const state of ['sending', 'conflict'] as const) {
      const c = item({ kind: 'create', pointId: 'p1', fields: fields() }, { state });
      const r = enqueue([c], item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: null }));
      expect(r.items).toHaveLength(2);
      expect(r.items[0]).toBe(c);
      expect(r.items[1].seq).toBeGreaterThan(c.seq);
    }
  });

  it('merges only with the point\'s last item, so changes of a point stay in order', () => {
    const sending = item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: 'v1' }, { state: 'sending' });
    const waiting = item({ kind: 'update', pointId: 'p1', patch: { name: 'C' }, baseVersion: 'v1' });
    const r = enqueue([sending, waiting], item({ kind: 'update', pointId: 'p1', patch: { status: 'resolu' }, baseVersion: 'v1' }));
    expect(r.items).toHaveLength(2);
    expect(r.items[1].op).toMatchObject({ patch: { name: 'C', status: 'resolu' } });
  });

  it('a failed item merged with a new change is waiting again', () => {
    const f = item({ kind: 'update', pointId: 'p1', patch: { name: 'B' }, baseVersion: 'v1' }, { state: 'failed', error: 'x', attempts: 2 });
    const r = enqueue([f], item({ kind: 'update', pointId: 'p1', patch: { name: 'C' }, baseVersion: 'v1' }));
    expect(r.items[0]).toMatchObject({ state: 'pending', error: null, attempts: 0 });
  });

  it('a delete followed by anything is not merged', () => {
    expect(mergeOps({ kind: 'delete', pointId: 'p', baseVersion: null, imageUrl: null }, { kind: 'update', pointId: 'p', patch: {}, baseVersion: null })).toBe('append');
  });
});
