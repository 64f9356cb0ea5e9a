// One server per DATA_DIR: a second server on the same folder is refused naming the first; a lock left by a
// process that is gone (a crashed server) is taken over; a lock whose pid was reused by another process too.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../main';
import { DataDirLockedError, LOCK_FILE, lockDataDir, processStartTime } from './dataDirLock';
import { TEST_JWT_SECRET } from '../../test/server/testServer';
import { migratedDataDir } from '../../test/server/migratedDataDir';

const dirs: string[] = [];
const servers: RunningServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'rail-lock-'));
  dirs.push(d);
  return d;
}
const start = (dataDir: string) => startServer({ dataDir, port: 0, seed: 'none', jwtSecret: TEST_JWT_SECRET, staticDir: tempDir() });

describe('DATA_DIR lock', () => {
  it('refuses a second server on the same DATA_DIR, naming the running one; the folder is free again after close', async () => {
    const dataDir = await migratedDataDir(tempDir());
    const a = await start(dataDir);
    servers.push(a);
    const second = await start(dataDir).then(() => null, (e: unknown) => e);
    expect(second).toBeInstanceOf(DataDirLockedError);
    const message = (second as Error).message;
    expect(message).toContain(`pid ${process.pid}`);
    expect(message).toContain(a.url);
    expect(message).toContain(dataDir);
    // The first server still answers and still writes.
    expect((await fetch(`${a.url}/config.json`)).status).toBe(200);
    await a.close();
    servers.splice(0);
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    const b = await start(dataDir);
    servers.push(b);
    expect((await fetch(`${b.url}/config.json`)).status).toBe(200);
  }, 300_000); // a first start on disk (initdb + every migration) takes ~40 s on a loaded machine

  it('takes over a lock left by a process that has exited', () => {
    const dataDir = tempDir();
    const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    const deadPid = Number(child.stdout.trim());
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: deadPid, startTime: '1', host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (start time differs)', () => {
    const dataDir = tempDir();
    if (processStartTime(process.ppid) === null) return; // no /proc: only the pid can be checked
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTime: 'not-its-start', host: hostname(), startedAt: '2026-01-01T00:00:00Z' }));
    const lock = lockDataDir(dataDir);
    lock.release();
  });

  it('never steals a live owner\'s lock, nor one written on another host', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: process.ppid, startTime: processStartTime(process.ppid), host: hostname(), startedAt: 'x' }));
    expect(() => lockDataDir(dataDir)).toThrow(/pid \d+/);
    writeFileSync(join(dataDir, LOCK_FILE), JSON.stringify({ pid: 999999, startTime: '1', host: 'autre-machine', startedAt: 'x' }));
    expect(() => lockDataDir(dataDir)).toThrow(/autre-machine/);
  });
});
