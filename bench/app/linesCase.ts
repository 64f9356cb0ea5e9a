// Runs the network-of-lines case (./lines.ts) for each build of the app bench: one server on a data dir seeded once
// with APP_BENCH_LINES=<lines>x<points per line> (SEED_LINES, SEED_POINTS = lines × points), the lines and their
// counts read through supabase-js, then today's build against the baseline build; prints ratios baseline/current.
// APP_BENCH_LINES_FROM=<a big seeded data dir> (e.g. /work/bench-data/pglite-1000000): the network is derived from a
// copy of it once (bench/linesNetwork.ts) instead of seeded (1M points through the seed did not finish under load).
// Then the current build's sign-in is also timed on a server holding one line of as many points as the network's
// first line (APP_BENCH_LINES_ALONE=0 to skip): the "opening a line draws it as fast as 20k points alone" ratio.
import { chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { CHROMIUM_ARGS } from '../../scripts/findChromium.mjs';
import { startAppServer } from './processes';
import { ADMIN } from './scenario';
import { aloneRun, linesRun, type LineInfo } from './lines';
import { deriveLinesNetwork } from '../linesNetwork';
import { printTable, round } from '../lib/stats';

export function parseLinesCase(v: string): { lines: number; perLine: number } {
  const m = /^(\d+)x(\d+)$/.exec(v.trim());
  if (!m || Number(m[1]) < 3) throw new Error(`APP_BENCH_LINES must look like 50x20000 (at least 3 lines), not "${v}"`);
  return { lines: Number(m[1]), perLine: Number(m[2]) };
}

async function linesOf(url: string, anonKey: string): Promise<LineInfo[]> {
  const sb = createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } });
  const { error } = await sb.auth.signInWithPassword(ADMIN);
  if (error) throw error;
  const { data, error: e2 } = await sb.from('lines').select('id, code').eq('archived', false).order('sort').order('name');
  if (e2) throw e2;
  const out: LineInfo[] = [];
  for (const l of data.slice(0, 8)) {
    const { count } = await sb.from('points').select('id', { count: 'exact', head: true }).eq('line_id', l.id);
    out.push({ id: l.id as string, code: l.code as string, count: count ?? 0 });
  }
  return out;
}

export async function runLinesCase(o: {
  spec: string; builds: { name: string; dir: string }[]; dir: string; port: string; db: 'pglite' | 'postgres'; executablePath?: string; profileDir?: string;
}): Promise<Record<string, unknown>> {
  const { lines, perLine } = parseLinesCase(o.spec);
  const env = {
    PORT: o.port, HOST: '127.0.0.1', DATA_DIR: join(o.dir, `${o.db}-lines-${lines}x${perLine}`), SEED: 'demo', SEED_LINES: String(lines),
    SEED_POINTS: String(lines * perLine), RATE_LIMIT_DISABLED: '1', LOG: '0',
    ...(o.db === 'postgres' ? { DATABASE_URL: process.env.DATABASE_URL! } : {}),
  };
  if (process.env.APP_BENCH_LINES_FROM && o.db === 'pglite') await deriveLinesNetwork(process.env.APP_BENCH_LINES_FROM, env.DATA_DIR, lines, perLine);
  const perBuild: Record<string, Record<string, unknown>> = {};
  let firstLineCount = 0;
  for (const b of o.builds) {
    console.log(`\n${lines} lines × ${perLine} points, ${o.db}, ${b.name} build: starting the server (seeded once)...`);
    const server = await startAppServer({ ...env, STATIC_DIR: b.dir });
    let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
    try {
      const cfg = await (await fetch(`${server.url}/config.json`)).json() as { supabaseUrl: string; supabaseAnonKey: string };
      const apiUrl = cfg.supabaseUrl ? new URL(cfg.supabaseUrl, server.url).toString().replace(/\/$/, '') : server.url;
      const info = await linesOf(apiUrl, cfg.supabaseAnonKey);
      firstLineCount = info[0].count;
      browser = await chromium.launch({ executablePath: o.executablePath, args: CHROMIUM_ARGS });
      const load0 = loadavg()[0];
      const r = await linesRun(browser, server.url, info, { profileFile: o.profileDir ? join(o.profileDir, `lines-warm-${b.name}.cpuprofile`) : undefined });
      perBuild[b.name] = { ...r, loadAvg: round((load0 + loadavg()[0]) / 2, 1), measuredAt: new Date().toISOString() };
      console.log(JSON.stringify(perBuild[b.name]));
    } finally {
      await browser?.close();
      await server.stop();
    }
  }
  const current = o.builds.find((b) => b.name === 'current');
  if (current && firstLineCount > 0 && o.db === 'pglite' && process.env.APP_BENCH_LINES_ALONE !== '0') { // (PostgreSQL: one database)
    // One line of as many points: the demo's 300 + the rest as SEED_POINTS.
    const alone = firstLineCount - 300;
    console.log(`\none line of ${firstLineCount} points alone, ${o.db}, current build: starting the server (seeded once)...`);
    const server = await startAppServer({ ...env, DATA_DIR: join(o.dir, `${o.db}-alone-${alone}`), SEED_LINES: '1', SEED_POINTS: String(alone), STATIC_DIR: current.dir });
    const browser = await chromium.launch({ executablePath: o.executablePath, args: CHROMIUM_ARGS });
    try {
      const load0 = loadavg()[0];
      const r = await aloneRun(browser, server.url, firstLineCount);
      perBuild.current = { ...perBuild.current, ...r, aloneLoadAvg: round((load0 + loadavg()[0]) / 2, 1) };
      console.log(JSON.stringify(r));
    } finally {
      await browser.close();
      await server.stop();
    }
  }
  const cur0 = perBuild.current ?? {};
  if (typeof cur0.aloneSignInMs === 'number' && typeof cur0.linesSignInMs === 'number') cur0.signInNetworkVsAlone = round(cur0.linesSignInMs / cur0.aloneSignInMs, 2);
  const metrics: [string, string][] = [
    ['linesSignInMs', 'sign-in → first line loaded (ms)'], ['aloneSignInMs', '  the same line alone on its server (ms; current build)'],
    ['signInNetworkVsAlone', '  network / alone (×; target ≈ 1)'], ['linesOpenMedianMs', 'open a line never opened (median ms)'],
    ['linesOpenMaxMs', 'open a line never opened (max ms)'], ['linesWarmMedianMs', 'switch line warm, back and forth (median ms)'],
    ['linesWarmP95Ms', 'switch line warm, back and forth (p95 ms; target <= 300)'],
    ['linesWarmReadyMedianMs', '  warm: click → line\'s index shown (median ms)'], ['linesWarmClusterMedianMs', '  warm: → its cluster frame (median ms)'],
    ['linesWarmPaintMedianMs', '  warm: → two painted frames (median ms)'], ['linesReplicaMedianMs', 'switch to a line opened earlier (replica, median ms)'],
    ['linesReplicaMaxMs', 'switch to a line opened earlier (replica, max ms)'], ['linesSearchMedianMs', 'search over every line → first result (median ms)'],
    ['linesSearchP95Ms', 'search over every line → first result (p95 ms)'], ['loadAvg', 'load average (1 min) during the run'],
  ];
  printTable(`App, a network of ${lines} lines × ${perLine} points (${o.db}, 1440×900)`, metrics.map(([k, label]) => {
    const base = perBuild.baseline?.[k], cur = perBuild.current?.[k];
    const ratio = typeof base === 'number' && typeof cur === 'number' && cur > 0 && k !== 'loadAvg' ? `${round(base / cur, 2)}×` : '';
    const fmt = (v: unknown) => (typeof v === 'number' ? round(v, 1) : v === undefined ? '—' : String(v));
    return { metric: label, baseline: fmt(base ?? perBuild.baseline?.linesError), current: fmt(cur ?? perBuild.current?.linesError), 'baseline/current': ratio };
  }));
  return { lines, perLine, ...perBuild };
}
