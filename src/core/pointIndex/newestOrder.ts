// The newest-first order of a point index (created desc, then id bytes asc, as the server lists them): a stable LSD
// radix sort on the creation times' IEEE-754 bits, 16 bits a pass (a pass skipped when every key has the same digit
// there), then runs of equal times by id. Its temporaries are freed at once (an idle worker may not collect for minutes).
import { releaseBuffers } from '../releaseBuffers';

/** What the order reads of an index. */
export interface CreatedColumns { count: number; created: Float64Array; idBytes: Uint8Array }

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const RADIX = 1 << 16;

/** Slots 0..count-1 sorted newest first: created descending, equal times by id bytes ascending. */
export function newestFirstOrder(ix: CreatedColumns): Int32Array {
  const n = ix.count;
  let order = new Int32Array(n), hi = new Uint32Array(n), lo = new Uint32Array(n);
  const bits = new Float64Array(1), words = new Uint32Array(bits.buffer);
  const H = LITTLE_ENDIAN ? 1 : 0, L = 1 - H;
  const c = ix.created;
  for (let i = 0; i < n; i++) {
    bits[0] = c[i] + 0; // -0 as 0, as the comparator `b - a` sees them
    let h = words[H], l = words[L];
    // An unsigned key in the numbers' order (negatives: every bit flipped; others: the sign bit), then flipped
    // again for descending order.
    if (h & 0x80000000) { h = ~h; l = ~l; } else h ^= 0x80000000;
    order[i] = i; hi[i] = ~h >>> 0; lo[i] = ~l >>> 0;
  }
  let order2 = new Int32Array(n), hi2 = new Uint32Array(n), lo2 = new Uint32Array(n);
  const counts = new Int32Array(RADIX);
  for (let pass = 0; pass < 4; pass++) {
    const src = pass < 2 ? lo : hi, shift = pass % 2 ? 16 : 0;
    counts.fill(0);
    for (let k = 0; k < n; k++) counts[(src[k] >>> shift) & 0xffff]++;
    if (n === 0 || counts[(src[0] >>> shift) & 0xffff] === n) continue; // one digit for all: already in order
    for (let d = 0, at = 0; d < RADIX; d++) { const m = counts[d]; counts[d] = at; at += m; }
    for (let k = 0; k < n; k++) {
      const to = counts[(src[k] >>> shift) & 0xffff]++;
      order2[to] = order[k]; hi2[to] = hi[k]; lo2[to] = lo[k];
    }
    [order, order2] = [order2, order];
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
  }
  // Runs of equal times: by id bytes (the sort is stable, so a run is in slot order until then).
  const ids = ix.idBytes;
  const byId = (a: number, b: number) => {
    for (let k = 0; k < 16; k++) { const e = ids[a * 16 + k] - ids[b * 16 + k]; if (e) return e; }
    return 0;
  };
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && hi[end] === hi[start] && lo[end] === lo[start]) end++;
    if (end - start > 1) order.subarray(start, end).sort(byId);
    start = end;
  }
  releaseBuffers([hi.buffer, lo.buffer, hi2.buffer, lo2.buffer, order2.buffer, counts.buffer]);
  return order;
}
