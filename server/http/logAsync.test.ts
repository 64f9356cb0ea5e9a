// The request log is written asynchronously (server/http/log.ts): the server as `npm start` runs it keeps
// answering while nobody reads its stdout (a synchronous log blocked the event loop once the pipe was full), and
// after SIGTERM every request's line is still in its output (nothing buffered is lost at shutdown).
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migratedDataDir } from '../../test/server/migratedDataDir';

const dataDir = mkdtempSync(join(tmpdir(), 'log-async-'));
let child: ChildProcess | null = null;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** GET with node:http; resolves with the status. */
function getStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode!)); }).on('error', reject);
  });
}

describe('asynchronous request log', () => {
  it('answers while stdout is not read, and writes every line before exiting on SIGTERM', async () => {
    await migratedDataDir(dataDir);
    const c = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none', LOG: '1', LOG_LEVEL: 'info' },
    });
    child = c;
    const out: Buffer[] = [];
    const url = await new Promise<string>((resolve, reject) => {
      let text = '';
      const onData = (b: Buffer) => {
        out.push(b);
        text += b.toString();
        const m = /URL:\s+(http:\/\/\S+)/.exec(text);
        if (m) { c.stdout!.off('data', onData); resolve(m[1]); }
      };
      c.stdout!.on('data', onData);
      c.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    // Nobody reads stdout from here on: the pipe fills after some tens of kilobytes of log lines.
    c.stdout!.pause();
    const N = 4000;
    const BATCH = 25;
    for (let i = 0; i < N; i += BATCH) {
      const statuses = await Promise.all(Array.from({ length: Math.min(BATCH, N - i) }, (_, k) => getStatus(`${url}/health`, { 'X-Request-Id': `log-line-${i + k}` })));
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    // Stop now, then read what it wrote until it exits.
    const exited = new Promise<number | null>((resolve) => c.once('exit', (code) => resolve(code)));
    c.kill('SIGTERM');
    // The output still unread for a while after the signal: the server's shutdown meets a full pipe, with a chunk of
    // log waiting on it, as under load or with a slow log collector.
    await new Promise((r) => setTimeout(r, 1500));
    c.stdout!.on('data', (b: Buffer) => out.push(b));
    c.stdout!.resume();
    expect(await exited).toBe(0);
    const ids = new Set<string>();
    for (const line of Buffer.concat(out).toString().split('\n')) {
      const m = /"reqId":"(log-line-\d+)"/.exec(line);
      if (m) ids.add(m[1]);
    }
    expect(ids.size).toBe(N);
  }, 300_000);
});
