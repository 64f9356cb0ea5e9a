// The report's km order at scale: point indices sorted by their km value, ties kept in the given
// order, by a least-significant-digit radix sort (16-bit digits). PK values are decimals with at most three places
// in practice: then the key is the whole number of metres from the smallest value (two passes); otherwise the
// float64 bits made sortable (four passes over two uint32 halves). A pass is skipped when every key has the same digit
// there. It uses as little fresh memory as it can (fresh memory is costly on a small machine: docs/performance.md).
// Keys are finite or NaN; NaN sorts last.

const RADIX = 1 << 16;
const MAX_METRES = 0xfffffffe; // the largest span of whole metres a uint32 key holds (0xffffffff: NaN)

/** `indices` sorted by `km[index]` ascending, stable (equal km keep their order in `indices`). Returns a new array. */
export function sortByKm(indices: Int32Array, km: Float64Array): Int32Array {
  const n = indices.length;
  if (n < 2) return indices.slice();
  const metres = metreKeys(indices, km);
  const passes: [Uint32Array, number][] = metres ? [[metres, 0], [metres, 16]] : float64Passes(indices, km);
  let pos = new Int32Array(n), next = new Int32Array(n);
  for (let k = 0; k < n; k++) pos[k] = k;
  const count = new Uint32Array(RADIX);
  for (const [keys, shift] of passes) {
    count.fill(0);
    for (let k = 0; k < n; k++) count[(keys[k] >>> shift) & 0xffff]++;
    if (count[(keys[0] >>> shift) & 0xffff] === n) continue; // one digit everywhere: the order stands
    let sum = 0;
    for (let d = 0; d < RADIX; d++) { const c = count[d]; count[d] = sum; sum += c; }
    for (let k = 0; k < n; k++) { const p = pos[k]; next[count[(keys[p] >>> shift) & 0xffff]++] = p; }
    const t = pos; pos = next; next = t;
  }
  for (let k = 0; k < n; k++) next[k] = indices[pos[k]]; // the spare buffer becomes the result
  return next;
}

/** Whole metres from the smallest km when every km is a multiple of 0.001 and the span fits; else null. */
function metreKeys(indices: Int32Array, km: Float64Array): Uint32Array | null {
  let min = Infinity, max = -Infinity;
  for (let k = 0; k < indices.length; k++) {
    const v = km[indices[k]];
    if (v !== v) continue;
    const m = Math.round(v * 1000);
    if (m / 1000 !== v) return null;
    if (m < min) min = m;
    if (m > max) max = m;
  }
  if (max - min > MAX_METRES) return null;
  const keys = new Uint32Array(indices.length);
  for (let k = 0; k < indices.length; k++) {
    const v = km[indices[k]];
    keys[k] = v !== v ? 0xffffffff : Math.round(v * 1000) - min;
  }
  return keys;
}

/** The float64 bits of each km as two sortable uint32 halves: four 16-bit passes, low half first. */
function float64Passes(indices: Int32Array, km: Float64Array): [Uint32Array, number][] {
  const n = indices.length;
  const hi = new Uint32Array(n), lo = new Uint32Array(n);
  const f = new Float64Array(1), u = new Uint32Array(f.buffer);
  const little = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const H = little ? 1 : 0, L = little ? 0 : 1;
  for (let k = 0; k < n; k++) {
    const v = km[indices[k]];
    if (v !== v) { hi[k] = 0xffffffff; lo[k] = 0xffffffff; continue; } // NaN last
    f[0] = v === 0 ? 0 : v; // -0 and 0 are equal
    let h = u[H], l = u[L];
    if (h & 0x80000000) { h = ~h >>> 0; l = ~l >>> 0; } else h = (h | 0x80000000) >>> 0; // sortable as unsigned
    hi[k] = h; lo[k] = l;
  }
  return [[lo, 0], [lo, 16], [hi, 0], [hi, 16]];
}
