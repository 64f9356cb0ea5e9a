// Which byte values a database thread's reply moves rather than copies: large ones owning their whole buffer, each
// buffer once; Node's shared pool (small values) and views into a larger buffer stay with the structured clone.
import { describe, expect, it } from 'vitest';
import { ownedByteBuffers } from './workerReplies.mjs';

describe('ownedByteBuffers', () => {
  it('lists large values owning their buffer, once each, and leaves pooled and partial views', () => {
    const big = Buffer.from('ab'.repeat(70_000), 'hex'); // 70 kB: a buffer of its own
    const pooled = Buffer.from('abcd', 'hex'); // a slice of Node's shared pool
    const shared = new Uint8Array(new ArrayBuffer(200_000), 100, 100_000); // part of a larger buffer
    const rows = [{ body: big, other: 'text', n: 1 }, { body: pooled, again: big }, { body: shared }, { body: null }];
    const got = ownedByteBuffers(rows);
    expect(got).toEqual([big.buffer]);
    expect(ownedByteBuffers([])).toEqual([]);
  });

  it('gives buffers a transfer accepts', () => {
    const big = Buffer.from('cd'.repeat(80_000), 'hex');
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ rows: [{ body: big }] }, ownedByteBuffers([{ body: big }]));
    expect(big.byteLength).toBe(0); // moved: detached here
    port1.close(); port2.close();
  });
});
