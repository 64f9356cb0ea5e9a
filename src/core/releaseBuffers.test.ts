import { describe, expect, it } from 'vitest';
import { releaseBuffers } from './releaseBuffers';

describe('releaseBuffers', () => {
  it('detaches every buffer given (once each, shared ones too), leaving others alone', () => {
    const a = new Float64Array(1000), b = new Uint8Array(64), kept = new Int32Array(8);
    const view = new Uint8Array(a.buffer, 8, 16);
    releaseBuffers([a.buffer, view.buffer, b.buffer]);
    expect(a.buffer.byteLength).toBe(0);
    expect(view.length).toBe(0);
    expect(b.length).toBe(0);
    expect(kept.length).toBe(8);
    releaseBuffers([a.buffer]); // already detached: nothing to do, no error
  });
});
