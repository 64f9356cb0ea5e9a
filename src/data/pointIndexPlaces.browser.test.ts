// The point-index API gives the same index in its worker and on the main thread: src/data/pointIndexSource.ts reads
// a line from a real embedded server (started in Node: test/browser/pointIndexServer.ts) once with the point-index
// worker and once with no Worker constructor, where src/platform/workerHost.ts runs the same module
// (workers/pointIndexApi.ts) on this thread. The pages shown first, the cold load's built index and its newest-first
// order, and a catch-up read (public.point_index_bin) are the same in both places (same ids, same columns) and hold
// every point of the line.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { commands } from 'vitest/browser';
import { createClient } from '@supabase/supabase-js';
import { setSupabaseConnection } from './client';
import { replaceSession } from './currentSession';
import { fetchPointIndex } from './pointIndexSource';
import { uuidAt } from '../core/pointIndex/ids';
import type { PointIndexPage } from '../core/pointIndex/types';
import { rowsById } from '../../test/fixtures/pointIndex/rowsById';
import { loadLine } from '../../test/fixtures/pointIndex/loadLine';
import type { PointIndexServer } from '../../test/browser/pointIndexServer';

declare module 'vitest/browser' {
  interface BrowserCommands { pointIndexServer: (action: 'start' | 'stop', points?: number) => Promise<PointIndexServer | undefined> }
}

const POINTS = 6000;
let server: PointIndexServer;

beforeAll(async () => {
  server = (await commands.pointIndexServer('start', POINTS))!;
  setSupabaseConnection(createClient(server.url, server.anonKey, { accessToken: async () => server.token }),
    { supabaseUrl: server.url, supabaseAnonKey: server.anonKey, accessToken: async () => server.token });
}, 180_000);
afterAll(async () => {
  replaceSession(null);
  await commands.pointIndexServer('stop');
});

/** A cold load of the line and a catch-up read, in a new session; `fallbackWarnings`: the host's fallback notices. */
async function readLine(session: string) {
  const warn = vi.spyOn(console, 'warn');
  try {
    replaceSession(session);
    const { result: cold, shown, built } = await loadLine(server.lineId);
    const changed: PointIndexPage[] = [];
    await fetchPointIndex({ lineId: server.lineId, since: '1970-01-01T00:00:00Z', onPage: (p) => changed.push(p) });
    return {
      count: cold.count,
      shown: rowsById(shown),
      built: rowsById([built.index]),
      order: Array.from(built.order, (slot) => uuidAt(built.index.idBytes, slot)),
      clusterColumns: !!built.cluster,
      changed: rowsById(changed),
      fallbackWarnings: warn.mock.calls.filter((c) => String(c[0]).includes('point-index worker unavailable')).length,
    };
  } finally {
    warn.mockRestore();
  }
}

describe('the point-index API in its worker and on the main thread', () => {
  it('reads the same line: same ids, same columns, same order', async () => {
    const inWorker = await readLine('user-worker');
    const W = globalThis.Worker;
    let onMain: Awaited<ReturnType<typeof readLine>>;
    try {
      (globalThis as { Worker?: unknown }).Worker = undefined;
      onMain = await readLine('user-main');
    } finally {
      globalThis.Worker = W;
    }
    expect(inWorker.fallbackWarnings).toBe(0);
    expect(onMain.fallbackWarnings).toBe(1);
    expect(inWorker.count).toBe(POINTS);
    expect(Object.keys(inWorker.built)).toHaveLength(POINTS);
    expect(Object.keys(inWorker.shown).length).toBeGreaterThan(0);
    expect(inWorker.changed).toEqual(inWorker.built);
    expect(inWorker.order).toHaveLength(POINTS);
    expect(inWorker.clusterColumns).toBe(true);
    expect({ ...onMain, fallbackWarnings: 0 }).toEqual(inWorker);
  });
});
