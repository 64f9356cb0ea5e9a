// Sockets are never held: an Upgrade on a path other than the realtime one is answered and
// closed; a body that stalls is answered 408 and closed after the body idle timeout; a body that trickles past the
// request timeout and headers that never complete are closed too (timeouts made small here).
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../main';
import { startTestServer } from '../../test/server/testServer';

let s: RunningServer;
beforeAll(async () => { s = await startTestServer({ requestTimeoutMs: 2500, bodyIdleTimeoutMs: 800 }); }, 120_000);
afterAll(async () => { await s?.close(); });

/** Opens a raw socket, writes `data`, and resolves with what came back and when the server closed it (or null). */
function raw(data: string | ((sock: Socket) => void), waitMs: number): Promise<{ text: string; closedAfterMs: number | null }> {
  const { port } = new URL(s.url);
  return new Promise((resolve) => {
    const t0 = Date.now();
    let text = '';
    const sock = connect(Number(port), '127.0.0.1', () => { if (typeof data === 'string') sock.write(data); else data(sock); });
    const done = (closed: boolean) => { clearTimeout(timer); sock.destroy(); resolve({ text, closedAfterMs: closed ? Date.now() - t0 : null }); };
    sock.on('data', (c) => { text += c.toString(); });
    sock.on('close', () => done(true));
    sock.on('error', () => undefined);
    const timer = setTimeout(() => done(false), waitMs);
  });
}

const upgrade = (path: string) =>
  `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`;

it('an Upgrade: websocket on any other path is answered 404 and closed at once', async () => {
  for (const path of ['/', '/rest/v1/points', '/auth/v1/user', '/realtime/v1/other', '/%zz']) {
    const r = await raw(upgrade(path), 3000);
    expect(r.text, path).toMatch(/^HTTP\/1\.1 404 /);
    expect(r.closedAfterMs, path).not.toBeNull();
    expect(r.closedAfterMs!, path).toBeLessThan(1000);
  }
});

it('a body that stops arriving is answered 408 in the API shape and the socket closed', async () => {
  const r = await raw(`POST /auth/v1/signup HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`, 5000);
  expect(r.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(r.text).toContain('"error_code":"request_timeout"');
  expect(r.closedAfterMs).not.toBeNull();
  expect(r.closedAfterMs!).toBeLessThan(2500);
});

it('a body trickling one byte at a time is cut at the request timeout', async () => {
  let timer: NodeJS.Timeout | undefined;
  const r = await raw((sock) => {
    sock.write(`POST /rest/v1/points HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
    timer = setInterval(() => { if (!sock.destroyed) sock.write(' '); }, 300);
  }, 8000);
  clearInterval(timer);
  expect(r.closedAfterMs).not.toBeNull();
  expect(r.closedAfterMs!).toBeLessThan(5000);
});

it('headers that never complete are cut too', async () => {
  const r = await raw('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ', 8000);
  expect(r.closedAfterMs).not.toBeNull();
  expect(r.closedAfterMs!).toBeLessThan(5000);
});

it('a normal request still works on the same server', async () => {
  const r = await fetch(`${s.url}/auth/v1/health`, { headers: { apikey: s.anonKey } });
  expect(r.status).toBe(200);
});
