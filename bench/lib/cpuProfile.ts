// Where a page's CPU time goes, in source terms: the functions of a CDP CPU profile by self time, their minified
// positions in the built app (dist/, built with source maps) mapped back to src/ file:line through the .map files.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame { functionName: string; url: string; lineNumber: number; columnNumber: number }
export interface CpuProfile { nodes: { id: number; callFrame: CallFrame; children?: number[] }[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const B64 = new Map([...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]));

/** Decoded `mappings` of a source map: per generated line, [column, source, line, nameOrNaN] sorted by column. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let src = 0, line = 0, name = 0;
  for (const text of mappings.split(';')) {
    const segs: number[][] = [];
    let gen = 0;
    for (const seg of text.split(',')) {
      if (!seg) continue;
      const v: number[] = [];
      let shift = 0, value = 0;
      for (const ch of seg) {
        const d = B64.get(ch)!;
        value += (d & 31) << shift;
        if (d & 32) { shift += 5; continue; }
        v.push(value & 1 ? -(value >>> 1) : value >>> 1);
        shift = 0; value = 0;
      }
      gen += v[0];
      if (v.length >= 4) { src += v[1]; line += v[2]; } // v[3]: the source column, not needed here
      if (v.length >= 5) name += v[4];
      if (v.length >= 4) segs.push([gen, src, line, v.length >= 5 ? name : NaN]);
    }
    lines.push(segs);
  }
  return lines;
}

/** Maps a built asset's url and 0-based line/column to `src/…:line (name)`; null when no map applies. */
function sourceMapper(distDir: string): (url: string, line: number, column: number) => string | null {
  const maps = new Map<string, { sources: string[]; names: string[]; lines: number[][][] } | null>();
  return (url, line, column) => {
    const path = url.replace(/^https?:\/\/[^/]+\//, '');
    if (!maps.has(path)) {
      const file = join(distDir, `${path}.map`);
      if (!path || !existsSync(file)) maps.set(path, null);
      else {
        const m = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; names: string[]; mappings: string };
        maps.set(path, { sources: m.sources.map((s) => s.replace(/^(\.\.\/)+/, '')), names: m.names, lines: decodeMappings(m.mappings) });
      }
    }
    const m = maps.get(path);
    const segs = m?.lines[line];
    if (!m || !segs?.length) return null;
    let best = segs[0];
    for (const s of segs) { if (s[0] > column) break; best = s; }
    return `${m.sources[best[1]]}:${best[2] + 1}${Number.isNaN(best[3]) ? '' : ` (${m.names[best[3]]})`}`;
  };
}

/** The `top` functions by self time (ms), with the profile's whole span, named by their place in src/. */
export function heaviestFunctions(profile: CpuProfile, distDir: string, top = 20): { selfMs: number; fn: string }[] {
  const where = sourceMapper(distDir);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byNode.get(id)!;
    const mapped = f.url ? where(f.url, f.lineNumber, f.columnNumber) : null;
    const key = mapped ? `${mapped} [${f.functionName || 'anonymous'}]` : `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, top).map(([fn, ms]) => ({ selfMs: Math.round(ms), fn }));
}

/**
 * The page's tasks as the profile saw them: runs of consecutive non-idle samples (a gap of `gapMs` of '(idle)' ends
 * one), those of at least `minMs`, each with its heaviest functions by self time and by total time (src/ places).
 */
export function busyStretches(profile: CpuProfile, distDir: string, minMs = 50, gapMs = 1): { startMs: number; ms: number; self: string[]; total: string[] }[] {
  const where = sourceMapper(distDir);
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number): string => {
    const f = byNode.get(id)!.callFrame;
    const mapped = f.url ? where(f.url, f.lineNumber, f.columnNumber) : null;
    return mapped ? mapped.replace(/^.*?src\//, 'src/') : `${f.functionName || '(anonymous)'}${f.url ? ` ${f.url.split('/').pop()}` : ''}`;
  };
  const idle = (id: number) => byNode.get(id)!.callFrame.functionName === '(idle)';
  const out: { startMs: number; ms: number; self: string[]; total: string[] }[] = [];
  let t = 0, start = -1, idleRun = 0;
  let self = new Map<string, number>(), total = new Map<string, number>();
  const close = (end: number) => {
    const ms = end - start;
    const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${Math.round(v)} ${k}`);
    if (ms >= minMs) out.push({ startMs: Math.round(start), ms: Math.round(ms), self: top(self), total: top(total) });
    start = -1; self = new Map(); total = new Map();
  };
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    t += (profile.timeDeltas[i] ?? 0) / 1000;
    if (idle(id)) {
      idleRun += dt;
      if (start >= 0 && idleRun >= gapMs) close(t - idleRun + dt);
      return;
    }
    idleRun = 0;
    if (start < 0) start = t;
    const s = name(id);
    self.set(s, (self.get(s) ?? 0) + dt);
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const k = name(n);
      if (!k.startsWith('src/') || seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + dt);
    }
  });
  if (start >= 0) close(t);
  return out;
}
