// Bench helper: a heap snapshot of a server process started with `--heapsnapshot-signal=SIGUSR2
// --diagnostic-dir=<dir>` (see heapSnapshotArgs), summarised: the live JS heap after the full GC that a snapshot
// makes (MB), and the self size and count of objects per constructor name, to tell garbage (gone after the GC)
// from a leak (live objects that keep growing) and name what grows.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface HeapSummary { liveMB: number; byName: Map<string, { bytes: number; count: number }> }

/** A fresh diagnostic dir and the node arguments that make SIGUSR2 write a heap snapshot there. */
export function heapSnapshotArgs(): { dir: string; nodeArgs: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'rail-heap-'));
  return { dir, nodeArgs: ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${dir}`] };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Signals the process, waits for its snapshot file to be complete, summarises and deletes it. */
export async function takeHeapSnapshot(child: ChildProcess, dir: string, timeoutMs = 180_000): Promise<HeapSummary> {
  const before = new Set(readdirSync(dir));
  child.kill('SIGUSR2');
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > until) throw new Error('heap snapshot not written in time');
    await sleep(1000);
    const file = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && f.includes(`.${child.pid}.`) && !before.has(f));
    if (!file) continue;
    const path = join(dir, file);
    const size = statSync(path).size;
    await sleep(2000);
    if (statSync(path).size !== size) continue;
    let snap: { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] };
    try { snap = JSON.parse(readFileSync(path, 'utf8')); } catch { continue; } // still being written
    rmSync(path, { force: true });
    return summarize(snap);
  }
}

function summarize(snap: { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] }): HeapSummary {
  const f = snap.snapshot.meta.node_fields;
  const width = f.length, iType = f.indexOf('type'), iName = f.indexOf('name'), iSize = f.indexOf('self_size');
  const types = snap.snapshot.meta.node_types[0];
  const byName = new Map<string, { bytes: number; count: number }>();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const bytes = snap.nodes[i + iSize];
    total += bytes;
    const type = types[snap.nodes[i + iType]];
    const name = type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + iName]] : `(${type})`;
    const e = byName.get(name) ?? { bytes: 0, count: 0 };
    e.bytes += bytes; e.count += 1;
    byName.set(name, e);
  }
  return { liveMB: Math.round(total / 1024 / 1024 * 10) / 10, byName };
}

/** The constructor names whose live bytes grew the most from `a` to `b`. */
export function heapGrowth(a: HeapSummary, b: HeapSummary, top = 8): { name: string; kB: number; count: number }[] {
  return [...b.byName].map(([name, e]) => {
    const o = a.byName.get(name) ?? { bytes: 0, count: 0 };
    return { name, kB: Math.round((e.bytes - o.bytes) / 1024), count: e.count - o.count };
  }).sort((x, y) => y.kB - x.kB).slice(0, top);
}
