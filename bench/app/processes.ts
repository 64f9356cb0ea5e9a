// Child processes of the app bench: the embedded server (started like server/cli.ts, optionally serving another SPA
// build) and the resident memory of given processes, read from /proc. SERVER_CPU_PROF=<dir>: the server writes a
// V8 CPU profile per thread there as it stops (node --cpu-prof).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface AppServer { url: string; proc: ChildProcess; stop(): Promise<void> }

export async function startAppServer(env: Record<string, string>, timeoutMs = 1_800_000): Promise<AppServer> {
  const proc = spawn('node', [...(process.env.SERVER_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF}`] : []), '--max-old-space-size=8192', '--import', 'tsx', 'bench/app/serve.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  process.once('exit', () => { if (proc.exitCode === null) proc.kill('SIGKILL'); }); // never leave a server behind
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after ${timeoutMs} ms:\n${log}`)), timeoutMs);
    const onData = (b: Buffer) => {
      log += b.toString();
      const m = /READY (\S+)/.exec(log);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', (b: Buffer) => { log += b.toString(); });
    proc.on('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${log}`)); });
  });
  return {
    url, proc,
    stop: () => new Promise<void>((resolve) => {
      if (proc.exitCode !== null) return resolve();
      proc.removeAllListeners('exit');
      proc.on('exit', () => resolve());
      proc.kill('SIGTERM');
      setTimeout(() => { if (proc.exitCode === null) proc.kill('SIGKILL'); }, 15_000);
    }),
  };
}

function stat(pid: number): { ppid: number; rssPages: number; comm: string } | null {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = s.lastIndexOf(')');
    const f = s.slice(close + 2).split(' ');
    return { ppid: Number(f[1]), rssPages: Number(f[21]), comm: s.slice(s.indexOf('(') + 1, close) };
  } catch { return null; }
}

/** CPU time (user + system, ms) a process has used so far (/proc/<pid>/stat, clock ticks of 10 ms). */
export function pidCpuMs(pid: number): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * 10;
  } catch { return NaN; }
}

const PAGE = 4096;
/** Resident memory (MB) of the given pids. */
export function pidsRssMb(pids: readonly number[]): number {
  let pages = 0;
  for (const p of pids) pages += stat(p)?.rssPages ?? 0;
  return (pages * PAGE) / 2 ** 20;
}
