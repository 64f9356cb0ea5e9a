// Graceful shutdown (SIGTERM calls close()): new connections are refused at once, a request in
// flight still gets its answer, and realtime sockets are closed with 1012 'server restarting' (realtime-js then
// reconnects, to another instance behind the load balancer).
import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import WebSocket from 'ws';
import type { RunningServer } from './main';
import { startTestServer } from '../test/server/testServer';

let s: RunningServer | null = null;
afterAll(async () => { await s?.close(); });

describe('graceful shutdown', () => {
  it('refuses new connections, finishes the request in flight, closes websockets with 1012', async () => {
    s = await startTestServer();
    const url = new URL(s.url);
    const ws = new WebSocket(`${s.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${s.anonKey}&vsn=2.0.0`);
    await new Promise((ok, ko) => { ws.once('open', ok); ws.once('error', ko); });
    const closed = new Promise<{ code: number; reason: string }>((ok) => ws.once('close', (code, reason) => ok({ code, reason: reason.toString() })));

    // A sign-in whose body is still arriving when the shutdown starts.
    const body = JSON.stringify({ email: 'nobody@example.com', password: 'whatever' });
    const answer = new Promise<{ status: number; text: string }>((ok, ko) => {
      const req = http.request({ host: url.hostname, port: url.port, method: 'POST', path: '/auth/v1/token?grant_type=password',
        headers: { apikey: s!.anonKey, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } }, (res) => {
        let text = '';
        res.on('data', (c) => { text += c; });
        res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', ko);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 600);
    });
    await new Promise((r) => setTimeout(r, 150));
    const closing = s.close();

    const ws1012 = await closed;
    expect(ws1012).toEqual({ code: 1012, reason: 'server restarting' });
    await expect(fetch(`${s.url}/config.json`)).rejects.toThrow();
    const done = await answer;
    expect(done.status).toBe(400);
    expect(JSON.parse(done.text)).toMatchObject({ error_code: 'invalid_credentials' });
    await closing;
    s = null;
  });
});
