// A request still waiting when its session ends is aborted (sign-out must not leave the user's requests, and what
// they hold, alive in the page); the next session's requests are not, and a caller's own signal still works.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { replaceSession } from './currentSession';
import { withSessionSignal } from './sessionRequests';

let server: Server | null = null;
afterEach(() => { server?.closeAllConnections(); server?.close(); server = null; replaceSession(null); });

/** A server that answers /fast at once and never answers /slow (a server overwhelmed). */
async function hangingServer(): Promise<string> {
  server = createServer((req, res) => { if (req.url === '/fast') res.end('ok'); });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('withSessionSignal', () => {
  it('aborts the requests of a session when it ends, not those of the next one', async () => {
    const base = await hangingServer();
    replaceSession('user-a');
    const waiting = fetch(`${base}/slow`, withSessionSignal(undefined));
    await new Promise((r) => setTimeout(r, 50));
    replaceSession(null); // sign-out
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    replaceSession('user-b');
    const res = await fetch(`${base}/fast`, withSessionSignal({ method: 'GET' }));
    expect(await res.text()).toBe('ok');
  });

  it.each([['with AbortSignal.any', false], ['without it (older Safari)', true]])("keeps the caller's own signal, %s", async (_name, withoutAny) => {
    const any = AbortSignal.any;
    if (withoutAny) (AbortSignal as { any?: unknown }).any = undefined;
    try {
      const base = await hangingServer();
      const own = new AbortController();
      const waiting = fetch(`${base}/slow`, withSessionSignal({ signal: own.signal }));
      own.abort();
      await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
      replaceSession('user-c');
      const second = fetch(`${base}/slow`, withSessionSignal({ signal: new AbortController().signal }));
      replaceSession(null);
      await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    } finally { AbortSignal.any = any; }
  });
});
