// The SPA's static files are answered from memory: while the libuv thread pool is saturated (as the
// compression of large API answers keeps it under load) a static request still answers at once; ETag and 304;
// compressed copies; a file changed on disk is picked up; SPA routes get the shell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, get, type Server } from 'node:http';
import { pbkdf2 } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveStatic } from './static';

const dir = mkdtempSync(join(tmpdir(), 'static-files-'));
const SHELL = '<!doctype html><title>Anomalies</title>' + '<!-- shell -->'.repeat(200);
const APP = 'export const x = "une ligne de code";\n'.repeat(2000);
let server: Server;
let base = '';

beforeAll(async () => {
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  writeFileSync(join(dir, 'assets', 'app-1.js'), APP);
  server = createServer((req, res) => { void serveStatic(req, res, new URL(req.url!, 'http://localhost'), dir); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** A GET with node:http (fetch itself waits for the thread pool), resolving with the status once the body is read. */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); }).on('error', reject);
  });
}

/** Occupies every thread of the libuv pool (and queues more work behind) for a few seconds. */
function saturateThreadPool(): Promise<number> {
  const tasks = Number(process.env.UV_THREADPOOL_SIZE ?? 4) * 2;
  return new Promise((resolve) => {
    let firstDone = 0;
    for (let i = 0; i < tasks; i++) {
      pbkdf2('x', 'salt', 600_000, 64, 'sha512', () => { firstDone ||= performance.now(); if (i === 0) resolve(firstDone); });
    }
  });
}

describe('static files from memory', () => {
  it('answers the shell and a compressed asset while the thread pool is busy', async () => {
    // First requests read the files (and find that /carte is no file) and make their compressed copies.
    for (const path of ['/', '/carte', '/assets/app-1.js']) expect((await fetch(`${base}${path}`, { headers: { 'Accept-Encoding': 'br' } })).status).toBe(200);
    const poolFreed = saturateThreadPool();
    const answered: number[] = [];
    for (const path of ['/', '/carte', '/assets/app-1.js']) {
      expect(await rawGet(`${base}${path}`, { 'Accept-Encoding': 'br' })).toBe(200);
      answered.push(performance.now());
    }
    // Without the memory table each answer waited for a pool thread (a stat per request).
    expect(Math.max(...answered)).toBeLessThan(await poolFreed);
  }, 120_000);

  it('sends an ETag, 304 when the client holds it, and the compressed copies of the same bytes', async () => {
    const plain = await fetch(`${base}/assets/app-1.js`, { headers: { 'Accept-Encoding': 'identity' } });
    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await plain.text()).toBe(APP);
    const br = await fetch(`${base}/assets/app-1.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toBe(etag);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toBe(APP); // fetch decodes br and gzip
    const gz = await fetch(`${base}/assets/app-1.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(APP);
    const again = await fetch(`${base}/assets/app-1.js`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const shell = await fetch(`${base}/tableau-de-bord`);
    expect(shell.headers.get('cache-control')).toBe('no-cache');
    expect(await shell.text()).toBe(SHELL);
    expect((await fetch(`${base}/assets/absent-1.js`)).status).toBe(404);
  });

  it('picks up a file changed on disk, and one that appears', async () => {
    const first = await fetch(`${base}/`);
    const etag = first.headers.get('etag');
    expect((await fetch(`${base}/assets/late-1.js`)).status).toBe(404);
    const next = SHELL.replace('Anomalies', 'Anomalies v2');
    writeFileSync(join(dir, 'index.html'), next);
    utimesSync(join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    writeFileSync(join(dir, 'assets', 'late-1.js'), 'export {};');
    let text = '';
    let late = 0;
    for (let i = 0; i < 50 && (text !== next || late !== 200); i++) {
      await new Promise((r) => setTimeout(r, 100));
      text = await (await fetch(`${base}/`)).text();
      late = (await fetch(`${base}/assets/late-1.js`)).status;
    }
    expect(text).toBe(next);
    expect(late).toBe(200);
    expect((await fetch(`${base}/`)).headers.get('etag')).not.toBe(etag);
  });
});
