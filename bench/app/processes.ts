// Child processes of the app bench: the embedded server (started like server/cli.ts, optionally serving another SPA
// build) and the memory of the Chromium process tree (browser, renderers, workers), read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface AppServer { url: string; proc: ChildProcess; stop(): Promise<void> }

export async function startAppServer(env: Record<string, string>, timeoutMs = 1_800_000): Promise<AppServer> {
  const proc = spawn('node', ['--max-old-space-size=8192', '--import', 'tsx', 'bench/app/serve.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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

const PAGE = 4096;
/** Pids of running chromium processes (to find the one a launch adds). */
export function chromiumPids(): Set<number> {
  const out = new Set<number>();
  for (const d of readdirSync('/proc')) {
    const pid = Number(d);
    if (!pid) continue;
    const st = stat(pid);
    if (st && /chrom/i.test(st.comm)) out.add(pid);
  }
  return out;
}

/** Resident memory (MB) of `root` and all its descendants. */
export function treeRssMb(root: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    const pid = Number(d);
    if (!pid) continue;
    const st = stat(pid);
    if (!st) continue;
    rss.set(pid, st.rssPages);
    const list = children.get(st.ppid) ?? [];
    list.push(pid);
    children.set(st.ppid, list);
  }
  let total = 0;
  const stack = [root];
  while (stack.length) { const p = stack.pop()!; total += rss.get(p) ?? 0; stack.push(...(children.get(p) ?? [])); }
  return (total * PAGE) / 2 ** 20;
}

/** Samples a process tree's RSS every `everyMs`; stop() returns the peak in MB. */
export function rssSampler(root: number | null, everyMs = 200): { stop(): number } {
  let peak = root ? treeRssMb(root) : NaN;
  const t = setInterval(() => { if (root) peak = Math.max(peak, treeRssMb(root)); }, everyMs);
  return { stop() { clearInterval(t); if (root) peak = Math.max(peak, treeRssMb(root)); return peak; } };
}
