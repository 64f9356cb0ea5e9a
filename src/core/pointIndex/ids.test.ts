// uuid text <-> 16 bytes of the point index: the char-by-char parser agrees with the plain rule (hyphens left out,
// then 32 hex digits, any case) and writes nothing for a text that is not a uuid.
import { describe, expect, it } from 'vitest';
import { uuidAt, writeUuid } from './ids';

const reference = (id: string): Uint8Array | null => {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-fA-F]{32}$/.test(hex) ? Uint8Array.from(hex.match(/../g)!.map((h) => parseInt(h, 16))) : null;
};

describe('writeUuid', () => {
  it('writes the same bytes as the plain rule and reads back the lower-case text', () => {
    const ids = ['00000000-0000-4000-8000-000000000000', 'ffffffff-ffff-4fff-bfff-ffffffffffff', '3F2504E0-4F89-41D3-9A0C-0305E82C3301',
      ...Array.from({ length: 500 }, () => crypto.randomUUID())];
    const bytes = new Uint8Array(ids.length * 16);
    ids.forEach((id, i) => {
      expect(writeUuid(bytes, i, id)).toBe(true);
      expect(bytes.subarray(i * 16, i * 16 + 16)).toEqual(reference(id));
      expect(uuidAt(bytes, i)).toBe(id.toLowerCase());
    });
  });

  it('accepts hyphens anywhere, refuses anything else and writes nothing then', () => {
    expect(writeUuid(new Uint8Array(16), 0, '3f2504e04f8941d39a0c0305e82c3301')).toBe(true);
    expect(writeUuid(new Uint8Array(16), 0, '-3f2504e0-4f89-41d3-9a0c-0305e82c3301-')).toBe(true);
    for (const bad of ['', 'x', '3f2504e0-4f89-41d3-9a0c-0305e82c330', '3f2504e0-4f89-41d3-9a0c-0305e82c33011',
      '3f2504e0-4f89-41d3-9a0c-0305e82c330g', '3f2504e0 4f89-41d3-9a0c-0305e82c3301', '3f2504e0-4f89-41d3-9a0c-0305e82c330é']) {
      const bytes = new Uint8Array(16).fill(7);
      expect(writeUuid(bytes, 0, bad)).toBe(false);
      expect(reference(bad)).toBeNull();
      expect([...bytes].every((b) => b === 7)).toBe(true);
    }
  });
});
