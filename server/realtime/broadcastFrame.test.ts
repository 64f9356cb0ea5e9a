// The per-message encoder gives, for every join ref, exactly the JSON of the frame built whole.
import { describe, expect, it } from 'vitest';
import { broadcastFrame, broadcastFrameEncoder, type BroadcastRow } from './broadcast';

describe('broadcastFrameEncoder', () => {
  it('matches JSON.stringify(broadcastFrame(...)) for any join ref', () => {
    const m: BroadcastRow = { topic: 'changes:points', event: 'invalidate', private: true, id: 'abc', payload: { rows: [{ id: 'x', updated_at: null }], n: 'é"\\' } };
    const enc = broadcastFrameEncoder('realtime:changes:points', m);
    for (const ref of ['1', '42', null, 'a"b']) {
      expect(enc(ref)).toBe(JSON.stringify(broadcastFrame('realtime:changes:points', ref, m)));
    }
  });
});
