// One server per DATA_DIR: an exclusive lock file (DATA_DIR/server.lock: pid, process start time, host, URL)
// created with O_EXCL. A lock whose process is gone (or whose pid now belongs to another process, checked
// against the start time in /proc) is taken over under a second exclusive file, so two starters never both win.
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';
const TAKEOVER_FILE = 'server.lock.takeover';

export interface LockOwner { pid: number; startTime: string | null; host: string; startedAt: string; url?: string; command?: string }

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner) {
    super(`DATA_DIR ${dataDir} est déjà utilisé par un autre serveur (pid ${owner.pid} sur ${owner.host}` +
      `${owner.url ? `, ${owner.url}` : ''}, démarré le ${owner.startedAt}${owner.command ? `, « ${owner.command} »` : ''}). ` +
      `Un seul serveur par DATA_DIR : arrêtez l'autre, ou choisissez un autre DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

/** The kernel's start time of a process (field 22 of /proc/PID/stat), or null where /proc is absent. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Is the process that wrote this lock still running (same pid AND same start time)? */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true; // another machine (shared folder): cannot tell, so never steal
  if (owner.pid === process.pid && owner.startTime === processStartTime(process.pid)) return true;
  if (!processExists(owner.pid)) return false;
  const now = processStartTime(owner.pid);
  return now === null || owner.startTime === null || now === owner.startTime;
}

function readOwner(path: string): LockOwner | null {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8')) as LockOwner;
    return typeof o.pid === 'number' ? o : null;
  } catch {
    return null; // missing, or half written by a starter that crashed between open and write
  }
}

function createExclusive(path: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
  try { writeSync(fd, JSON.stringify(owner) + '\n'); } finally { closeSync(fd); }
  return true;
}

export interface DataDirLock { owner: LockOwner; setUrl(url: string): void; release(): void }

/** Takes DATA_DIR's lock or throws DataDirLockedError naming the running owner. */
export function lockDataDir(dataDir: string, info: { command?: string } = {}): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const owner: LockOwner = {
    pid: process.pid, startTime: processStartTime(process.pid), host: hostname(), startedAt: new Date().toISOString(),
    command: info.command,
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(path, owner)) return handle(path, owner);
    const current = readOwner(path);
    if (current && ownerAlive(current)) throw new DataDirLockedError(dataDir, current);
    takeOverStale(dataDir, path, current);
  }
  const current = readOwner(path);
  throw new DataDirLockedError(dataDir, current ?? { pid: -1, startTime: null, host: '?', startedAt: '?' });
}

/** Removes a dead owner's lock, holding the takeover file so that only one starter removes it. */
function takeOverStale(dataDir: string, path: string, seen: LockOwner | null): void {
  const takeover = join(dataDir, TAKEOVER_FILE);
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid), host: hostname(), startedAt: new Date().toISOString() };
  if (!createExclusive(takeover, me)) {
    const other = readOwner(takeover);
    // A starter that died during its takeover leaves this file: remove it, the next attempt retries.
    if (!other || !ownerAlive(other)) rmSync(takeover, { force: true });
    return;
  }
  try {
    const again = readOwner(path);
    // Still the same dead owner (nobody took it over meanwhile): set it aside for the record, then retry.
    if (JSON.stringify(again) === JSON.stringify(seen)) {
      try { renameSync(path, `${path}.stale`); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e; }
    }
  } finally {
    rmSync(takeover, { force: true });
  }
}

function handle(path: string, owner: LockOwner): DataDirLock {
  let released = false;
  return {
    owner,
    setUrl(url) {
      if (released) return;
      owner.url = url;
      const tmp = `${path}.${process.pid}.tmp`;
      // Rewritten in place by rename: the lock file never disappears while held.
      writeFileSync(tmp, JSON.stringify(owner) + '\n');
      renameSync(tmp, path);
    },
    release() {
      if (released) return;
      released = true;
      const current = readOwner(path);
      if (current && current.pid === owner.pid && current.startTime === owner.startTime) rmSync(path, { force: true });
    },
  };
}
