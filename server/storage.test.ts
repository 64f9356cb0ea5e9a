// Contract tests of /storage/v1 with the real supabase-js client: uploads (multipart and raw), public reads,
// duplicates, removal, and refusals (size, magic bytes, RLS, forged JWT) that leave no row and no file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RunningServer } from './main';
import { createInvitation } from '../test/server/testDatabase';
import { client, startTestServer } from '../test/server/testServer';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

let s: RunningServer;
let user: SupabaseClient;

beforeAll(async () => {
  s = await startTestServer();
  const token = await createInvitation(s.db, 'uploader@example.com');
  user = client(s);
  const { data, error } = await user.auth.signUp({ email: 'uploader@example.com', password: 'secret-123', options: { data: { invitation_token: token } } });
  expect(error).toBeNull();
  // only members (a profile, active) write files
  expect((await user.rpc('create_profile', { user_id: data.user!.id, user_email: 'uploader@example.com' })).error).toBeNull();
});
afterAll(async () => { await s?.close(); });

const rowCount = async (name: string) =>
  Number((await s.db.admin.query<{ n: number }>(`select count(*)::int as n from storage.objects where bucket_id = 'poi_images' and name = $1`, [name])).rows[0].n);
const fileOf = (name: string) => join(s.storageRoot, 'poi_images', ...name.split('/'));
const noStrayFiles = () => !existsSync(join(s.storageRoot, '.tmp')) || readdirSync(join(s.storageRoot, '.tmp')).length === 0;

describe('upload', () => {
  it('stores a Blob (multipart) and serves it publicly with its type, cache and hardening headers', async () => {
    const bucket = user.storage.from('poi_images');
    const { data, error } = await bucket.upload('points/a.png', new Blob([PNG], { type: 'image/png' }), { cacheControl: '31536000', upsert: false });
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'points/a.png', fullPath: 'poi_images/points/a.png' });
    expect(await rowCount('points/a.png')).toBe(1);
    const owner = await s.db.admin.query<{ owner: string }>(`select owner from storage.objects where name = 'points/a.png'`);
    expect(owner.rows[0].owner).toBe((await user.auth.getUser()).data.user!.id);

    const { publicUrl } = bucket.getPublicUrl('points/a.png').data;
    const r = await fetch(publicUrl);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('max-age=31536000');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await r.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('stores an ArrayBuffer (raw body) with the type derived from the bytes', async () => {
    const { error } = await user.storage.from('poi_images').upload('points/b.jpg', JPEG.buffer.slice(JPEG.byteOffset, JPEG.byteOffset + JPEG.length), { contentType: 'image/jpeg', cacheControl: '60' });
    expect(error).toBeNull();
    const r = await fetch(`${s.url}/storage/v1/object/public/poi_images/points/b.jpg`);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    expect(r.headers.get('cache-control')).toBe('max-age=60');
    const dl = await user.storage.from('poi_images').download('points/b.jpg');
    expect(dl.error).toBeNull();
    expect(Buffer.from(await dl.data!.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it('answers 409 Duplicate for an existing object without upsert, and replaces it with upsert', async () => {
    await user.storage.from('poi_images').upload('points/dup.png', new Blob([PNG]));
    const again = await user.storage.from('poi_images').upload('points/dup.png', new Blob([PNG]));
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' });
    const upsert = await user.storage.from('poi_images').upload('points/dup.png', new Blob([JPEG]), { upsert: true });
    expect(upsert.error).toBeNull();
    expect(await rowCount('points/dup.png')).toBe(1);
    const r = await fetch(`${s.url}/storage/v1/object/public/poi_images/points/dup.png`);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('remove', () => {
  it('deletes rows and files and returns the deleted objects', async () => {
    await user.storage.from('poi_images').upload('points/gone.png', new Blob([PNG]));
    expect(existsSync(fileOf('points/gone.png'))).toBe(true);
    const { data, error } = await user.storage.from('poi_images').remove(['points/gone.png', 'points/never-existed.png']);
    expect(error).toBeNull();
    expect(data!.map((o) => o.name)).toEqual(['points/gone.png']);
    expect(existsSync(fileOf('points/gone.png'))).toBe(false);
    expect(await rowCount('points/gone.png')).toBe(0);
    expect((await fetch(`${s.url}/storage/v1/object/public/poi_images/points/gone.png`)).status).toBe(404);
  });
});

describe('refusals leave no row and no file', () => {
  it('refuses an object over 5 MB with 413', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 0)]);
    const { error } = await user.storage.from('poi_images').upload('points/big.png', new Blob([big]));
    expect(error).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect(await rowCount('points/big.png')).toBe(0);
    expect(existsSync(fileOf('points/big.png'))).toBe(false);
    expect(noStrayFiles()).toBe(true);
  });

  it('refuses a body over the 21 MB request limit with 413 in storage shape', async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(22 * 1024 * 1024, 0)]);
    const { error } = await user.storage.from('poi_images').upload('points/huge.png', huge, { contentType: 'image/png' });
    expect(error).toMatchObject({ statusCode: '413' });
    expect(await rowCount('points/huge.png')).toBe(0);
  });

  it.each([['SVG', SVG], ['HTML', HTML]])('refuses %s bytes sent as image/png', async (_label, bytes) => {
    const name = `points/fake-${_label}.png`;
    const multipart = await user.storage.from('poi_images').upload(name, new Blob([bytes], { type: 'image/png' }));
    expect(multipart.error).toMatchObject({ statusCode: '415' });
    const { data } = await user.auth.getSession();
    const direct = await fetch(`${s.url}/storage/v1/object/poi_images/${name}`, {
      method: 'POST', headers: { apikey: s.anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'image/png' }, body: bytes,
    });
    expect(direct.status).toBe(415);
    expect(await direct.json()).toMatchObject({ statusCode: '415', error: 'invalid_mime_type' });
    const raw = await user.storage.from('poi_images').upload(name, bytes, { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ statusCode: '415' });
    expect(await rowCount(name)).toBe(0);
    expect(existsSync(fileOf(name))).toBe(false);
    expect(noStrayFiles()).toBe(true);
  });

  it('lets the storage policies refuse an anonymous upload (403) and a path outside points/', async () => {
    const anon = await client(s).storage.from('poi_images').upload('points/anon.png', new Blob([PNG]));
    expect(anon.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' });
    const outside = await user.storage.from('poi_images').upload('elsewhere/x.png', new Blob([PNG]));
    expect(outside.error).toMatchObject({ statusCode: '403' });
    expect(await rowCount('points/anon.png')).toBe(0);
    expect(await rowCount('elsewhere/x.png')).toBe(0);
    expect(existsSync(fileOf('points/anon.png'))).toBe(false);
  });

  it('answers 401 for a forged JWT and writes nothing', async () => {
    const forged = await new SignJWT({ role: 'service_role' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('forged-secret-forged-secret-forged-secret'));
    const r = await fetch(`${s.url}/storage/v1/object/poi_images/points/forged.png`, {
      method: 'POST', headers: { apikey: s.anonKey, authorization: `Bearer ${forged}`, 'content-type': 'image/png' }, body: PNG,
    });
    expect(r.status).toBe(401);
    expect(await r.json()).toMatchObject({ statusCode: '401', error: 'InvalidJWT' });
    expect(await rowCount('points/forged.png')).toBe(0);
  });

  it('refuses path traversal in object names', async () => {
    const { data } = await user.auth.getSession();
    const r = await fetch(`${s.url}/storage/v1/object/poi_images/points/..%2f..%2f..%2fescape.png`, {
      method: 'POST', headers: { apikey: s.anonKey, authorization: `Bearer ${data.session!.access_token}`, 'content-type': 'image/png' }, body: PNG,
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toBe('InvalidKey');
    expect(existsSync(join(s.storageRoot, '..', 'escape.png'))).toBe(false);
  });

  it('answers malformed percent-encoding with a 400, not a crash', async () => {
    for (const path of ['/storage/v1/object/public/%E0%A4%A/x.png', '/storage/v1/object/public/poi_images/points/%E0%A4%A.png']) {
      const r = await fetch(`${s.url}${path}`);
      expect(r.status).toBe(400);
      expect((await r.json()).statusCode).toBe('400');
    }
  });

  it('answers 404 for an unknown bucket and for a missing public object', async () => {
    const r = await user.storage.from('nope').upload('points/x.png', new Blob([PNG]));
    expect(r.error).toMatchObject({ statusCode: '404' });
    expect((await fetch(`${s.url}/storage/v1/object/public/poi_images/points/missing.png`)).status).toBe(404);
  });
});
