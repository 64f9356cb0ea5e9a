// Response compression: large API answers go out as br or gzip when the client accepts it, small ones
// and clients without Accept-Encoding get the plain body, and the compressed bytes decode to the same JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RunningServer } from './main';
import { pickEncoding } from './http/compress';
import { startTestServer } from '../test/server/testServer';

let s: RunningServer;
beforeAll(async () => {
  s = await startTestServer();
  // 3000 points: a read answers the API's maximum of 1000 rows, well over the compression threshold.
  await s.db.admin.query(`insert into public.points (name, "position", km_value)
    select 'P' || g, jsonb_build_object('x', g, 'y', g % 100), 12 + (g % 500) / 100.0 from generate_series(1, 3000) g`);
});
afterAll(async () => { await s?.close(); });

function send(method: 'GET' | 'POST', path: string, body: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; raw: Buffer }> {
  const u = new URL(s.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers: { 'Content-Type': 'application/json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c)).on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }));
    });
    req.on('error', reject).end(body);
  });
}

const auth = () => ({ apikey: s.anonKey, Authorization: `Bearer ${s.serviceKey}` });

describe('response compression', () => {
  it('chooses brotli, then gzip, honours q=0 and no header', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding('identity')).toBeNull();
  });

  it('compresses a large answer with the accepted encoding, and the bytes decode to the same JSON', async () => {
    const all = '/rest/v1/points?select=id,name,position,km_value&order=name';
    const plain = await send('GET', all, '', auth());
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.raw.toString('utf8'));
    expect(json).toHaveLength(1000);

    const g = await send('GET', all, '', { ...auth(), 'Accept-Encoding': 'gzip' });
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(g.raw.length).toBeLessThan(plain.raw.length * 0.8);
    expect(JSON.parse(gunzipSync(g.raw).toString('utf8'))).toEqual(json);

    const b = await send('GET', all, '', { ...auth(), 'Accept-Encoding': 'gzip, br' });
    expect(b.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(b.raw).toString('utf8'))).toEqual(json);
    expect(b.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('leaves small answers plain', async () => {
    const r = await send('GET', '/rest/v1/points?select=id&limit=1', '', { ...auth(), 'Accept-Encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(r.raw.toString('utf8'))).toHaveLength(1);
  });

  it('anonymous callers cannot read the point index through the API', async () => {
    const r = await send('POST', '/rest/v1/rpc/point_index_bin', '{}', { apikey: s.anonKey, Accept: 'application/octet-stream' });
    expect(r.status).toBeGreaterThanOrEqual(400);
  });
});
