// CSV export at scale: 1M points (SEED_POINTS) exported by the streaming exporter of src/core/export
// (pages of 1000 rows, ~1 MB chunks written to a file as they come) against, in the same run, building the whole
// CSV string in memory and writing it at the end (what a naive export does). Rows come from a seeded generator page
// by page (the REST reads are measured by the server and search benches), so the figures are the exporter's own:
// wall time, CPU time and peak memory (JS heap + array buffers, sampled after every page, and peak RSS).
// JSON in bench/results/export.json.
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { mulberry32 as prng } from '../src/core/prng';
import { runExport } from '../src/core/export/run';
import { csvHeader, csvLine, CSV_BOM } from '../src/core/export/csv';
import { createResolver, type ExportLookups, type PointRowRaw } from '../src/core/export/record';
import type { Cursor } from '../src/core/export/source';
import { cpuMs, gc, printTable, round, writeResults } from './lib/stats';

const N = Number(process.env.SEED_POINTS ?? 1_000_000);
const PAGE = 1000;
const MB = 1024 * 1024;

const ANOMALIES = ['Végétation envahissante', 'Traverse fissurée', 'Ballast insuffisant', 'Signal masqué', 'Rail usé', 'Éclisse défectueuse'];
const lookups: ExportLookups = {
  levels: [{ id: 'attention', name: 'Attention sur ce risque' }, { id: 'danger', name: 'Danger sécurité' }],
  teams: Array.from({ length: 8 }, (_, i) => ({ id: `team-${i}`, name: `Équipe ${i}` })),
  zones: Array.from({ length: 40 }, (_, i) => ({ id: `z${i}`, name: `Zone ${i}`, track: (i % 2 ? 'voie_2' : 'voie_1') as 'voie_1' | 'voie_2',
    points: [{ x: i * 300, y: i % 2 ? 700 : 500 }, { x: i * 300 + 280, y: i % 2 ? 700 : 500 }, { x: i * 300 + 280, y: i % 2 ? 900 : 700 }, { x: i * 300, y: i % 2 ? 900 : 700 }] })),
  emails: { 'u-1': 'agent.un@rail.fr', 'u-2': 'agent.deux@rail.fr' },
};

/** The page after `after` of a deterministic dataset of N rows (newest first). */
function pageSource(seed: number) {
  return async (after: Cursor | null): Promise<PointRowRaw[]> => {
    const start = after ? Number(after.id.slice(-12)) + 1 : 0;
    const rand = prng(seed + start);
    const rows: PointRowRaw[] = [];
    for (let i = start; i < Math.min(N, start + PAGE); i++) {
      const x = rand() * 12000;
      const km = 10 + x / 1000;
      rows.push({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: ANOMALIES[i % ANOMALIES.length],
        description: i % 7 === 0 ? 'Fissure; voir "photo"\nconstatée de nuit' : 'Constat lors de la tournée hebdomadaire.',
        kilometer: km.toFixed(2), km_value: Math.round(km * 100) / 100, position: { x, y: 450 + rand() * 500 }, image_url: i % 3 ? null : `https://x.supabase.co/storage/v1/object/public/poi_images/points/${i}.jpg`,
        status: i % 4 === 0 ? 'resolu' : 'signale', criticality: i % 3 ? 'attention' : 'danger', ticket_number: i % 2 ? `OT-${10000 + (i % 90000)}` : null,
        team_id: i % 5 ? `team-${i % 8}` : null, created_at: new Date(Date.UTC(2026, 0, 1) + (N - i) * 1000).toISOString(), created_by: i % 2 ? 'u-1' : 'u-2',
      });
    }
    await new Promise((r) => setImmediate(r)); // a real page arrives asynchronously
    return rows;
  };
}

const mem = () => { const m = process.memoryUsage(); return { heap: m.heapUsed + m.arrayBuffers, rss: m.rss }; };

async function streaming(path: string) {
  gc();
  const base = mem();
  let peak = base.heap;
  let peakRss = base.rss;
  const out = createWriteStream(path);
  const encoder = new TextEncoder();
  const t0 = performance.now();
  const c0 = cpuMs();
  const res = await runExport({ format: 'csv', filter: { status: 'all' }, lookups, image: null }, {
    fetchPage: pageSource(1),
    write: async (chunk) => { if (!out.write(encoder.encode(chunk))) await once(out, 'drain'); },
    onProgress: () => { const m = mem(); if (m.heap > peak) peak = m.heap; if (m.rss > peakRss) peakRss = m.rss; },
  });
  out.end();
  await once(out, 'finish');
  return { rows: res.rowsWritten, ms: performance.now() - t0, cpuMs: cpuMs() - c0, peakExtraMB: (peak - base.heap) / MB, peakRssMB: peakRss / MB, bytes: statSync(path).size };
}

async function wholeString(path: string) {
  gc();
  const base = mem();
  const t0 = performance.now();
  const c0 = cpuMs();
  const resolver = createResolver(lookups);
  const fetchPage = pageSource(1);
  let s = CSV_BOM + csvHeader();
  let after: Cursor | null = null;
  let rows = 0;
  for (;;) {
    const page = await fetchPage(after);
    for (const r of page) { s += csvLine(resolver.resolve(r)); rows++; }
    if (page.length < PAGE) break;
    after = { createdAt: page[page.length - 1].created_at, id: page[page.length - 1].id };
  }
  const bytes = new TextEncoder().encode(s); // what a Blob or a download needs
  const m = mem();
  writeFileSync(path, bytes);
  return { rows, ms: performance.now() - t0, cpuMs: cpuMs() - c0, peakExtraMB: (m.heap - base.heap) / MB, peakRssMB: m.rss / MB, bytes: bytes.length };
}

const dir = mkdtempSync(join(tmpdir(), 'rail-export-bench-'));
try {
  const stream = await streaming(join(dir, 'stream.csv'));
  const whole = await wholeString(join(dir, 'whole.csv'));
  const table = [
    { variant: 'streaming (chunks to file)', rows: stream.rows, ms: stream.ms, cpuMs: stream.cpuMs, peakExtraMB: stream.peakExtraMB, peakRssMB: stream.peakRssMB, fileMB: stream.bytes / MB },
    { variant: 'whole string in memory', rows: whole.rows, ms: whole.ms, cpuMs: whole.cpuMs, peakExtraMB: whole.peakExtraMB, peakRssMB: whole.peakRssMB, fileMB: whole.bytes / MB },
  ];
  printTable(`CSV export of ${N} points`, table);
  if (stream.bytes !== whole.bytes) throw new Error(`files differ in size: ${stream.bytes} vs ${whole.bytes}`);
  console.log(`peak extra memory: streaming ${round(stream.peakExtraMB)} MB vs whole string ${round(whole.peakExtraMB)} MB (${round(whole.peakExtraMB / Math.max(stream.peakExtraMB, 0.01), 1)}×); time ratio ${round(stream.ms / whole.ms, 2)}`);
  const path = writeResults('export', { points: N, pageSize: PAGE, streaming: stream, wholeString: whole });
  console.log(`raw figures: ${path}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
