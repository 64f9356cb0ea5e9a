// uuid text <-> 16 bytes, for the point index's id column.
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The uuid stored at slot i of a 16-bytes-per-id column. */
export function uuidAt(bytes: Uint8Array, i: number): string {
  const o = i * 16;
  let s = '';
  for (let k = 0; k < 16; k++) {
    s += HEX[bytes[o + k]];
    if (k === 3 || k === 5 || k === 7 || k === 9) s += '-';
  }
  return s;
}

const NIBBLE = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) NIBBLE[48 + c] = c;
for (let c = 0; c < 6; c++) { NIBBLE[65 + c] = 10 + c; NIBBLE[97 + c] = 10 + c; }
const scratch = new Uint8Array(16);
const HYPHEN = 45;

/** Writes a uuid's 16 bytes at slot i; false (nothing written) when the text is not 32 hex digits once its hyphens
 * are left out. Read char by char (no regex, no substrings): a bulk change looks up 10,000 ids several times. */
export function writeUuid(bytes: Uint8Array, i: number, uuid: string): boolean {
  let n = 0;
  for (let k = 0; k < uuid.length; k++) {
    const c = uuid.charCodeAt(k);
    if (c === HYPHEN) continue;
    const v = c < 128 ? NIBBLE[c] : -1;
    if (v < 0 || n === 32) return false;
    if (n & 1) scratch[n >> 1] |= v; else scratch[n >> 1] = v << 4;
    n++;
  }
  if (n !== 32) return false;
  bytes.set(scratch, i * 16);
  return true;
}

/** A 32-bit hash of slot i's id (uuid bytes are mostly random already). */
export function hashSlot(bytes: Uint8Array, i: number): number {
  const o = i * 16;
  const a = (bytes[o] | (bytes[o + 1] << 8) | (bytes[o + 2] << 16) | (bytes[o + 3] << 24)) >>> 0;
  const b = (bytes[o + 12] | (bytes[o + 13] << 8) | (bytes[o + 14] << 16) | (bytes[o + 15] << 24)) >>> 0;
  return Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) >>> 0;
}

/** Whether slot i of `a` and slot j of `b` hold the same id. */
export function sameId(a: Uint8Array, i: number, b: Uint8Array, j: number): boolean {
  const oa = i * 16, ob = j * 16;
  for (let k = 0; k < 16; k++) if (a[oa + k] !== b[ob + k]) return false;
  return true;
}
