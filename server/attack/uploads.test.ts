// Upload size limits through the real supabase-js storage client (which sends Blobs as multipart) and raw bodies:
// each bucket's own size limit applies to both; over it, 413 and nothing stored; never a truncated file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';
import { signUpMember, type Member } from '../../test/server/members';

const png = (size: number) => { const b = Buffer.alloc(size, 7); Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b); return b; };
let s: RunningServer;
let admin: Member, user: Member;
beforeAll(async () => {
  s = await startTestServer();
  admin = await signUpMember(s, 'chef@example.com');
  user = await signUpMember(s, 'agent@example.com');
}, 120_000);
afterAll(async () => { await s?.close(); });

const stored = async (bucket: string, name: string) => Number((await s.db.admin.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2`, [bucket, name])).rows[0].n);
const raw = (m: Member, bucket: string, name: string, bytes: Buffer) => fetch(`${s.url}/storage/v1/object/${bucket}/${name}`, {
  method: 'POST', headers: { apikey: s.anonKey, Authorization: `Bearer ${m.token}`, 'Content-Type': 'image/png' }, body: new Uint8Array(bytes),
});

describe('upload size limits per bucket', () => {
  it('stores an 8,000,008-byte line image sent as multipart whole (line_images allows 20 MB)', async () => {
    const bytes = png(8_000_008);
    const up = await admin.c.storage.from('line_images').upload('line/big.png', new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    expect(up.error).toBeNull();
    const down = await admin.c.storage.from('line_images').download('line/big.png');
    expect(down.error).toBeNull();
    expect(down.data!.size).toBe(8_000_008);
  }, 60_000);

  it('refuses a photo over 5 MB with 413 whether sent as multipart or raw, and stores nothing', async () => {
    const bytes = png(5 * 1024 * 1024 + 1);
    const multipart = await user.c.storage.from('poi_images').upload('points/too-big.png', new Blob([new Uint8Array(bytes)], { type: 'image/png' }));
    expect(multipart.error).not.toBeNull();
    expect(Number((multipart.error as unknown as { statusCode?: string }).statusCode)).toBe(413);
    expect((await raw(user, 'poi_images', 'points/too-big-raw.png', bytes)).status).toBe(413);
    expect(await stored('poi_images', 'points/too-big.png')).toBe(0);
    expect(await stored('poi_images', 'points/too-big-raw.png')).toBe(0);
  }, 60_000);

  it('accepts a photo of exactly 5 MB as multipart', async () => {
    const up = await user.c.storage.from('poi_images').upload('points/exact.png', new Blob([new Uint8Array(png(5 * 1024 * 1024))], { type: 'image/png' }));
    expect(up.error).toBeNull();
    expect(await stored('poi_images', 'points/exact.png')).toBe(1);
  }, 60_000);
});
