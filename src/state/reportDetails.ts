// Details on demand for the route report: a bounded cache of point texts fetched by id as rows are
// shown (batched, a few pages in flight), and a paged reader for print and Word. The only report code calling src/data.
import { fetchPointDetails, DETAILS_PAGE } from '../data/reportDetailsRepository';
import { readDetails } from '../data/replica';
import type { PointDetails } from '../core/report/reportIndex';
import { failureKind } from '../core/outbox/errors';
import { offlineAtom } from './offline/atoms';
import { pointDetails } from './pointDetails';
import { store } from './store';
import { withAssigneeNames } from './assigneeNames';
import type { Point } from '../core/types';
import { fail, ok, type Result } from '../core/result';
import { REPORT_FAILURE } from './reportStrings';

/**
 * Report details from the server, or offline (or when the network fails) from what this device holds: the details
 * cached in memory and in the local replica (the Word report works offline). A point never read
 * on this device comes with empty texts.
 */
export async function fetchReportDetails(ids: readonly string[]): Promise<PointDetails[]> {
  return withAssigneeNames(await readReportDetails(ids));
}

async function readReportDetails(ids: readonly string[]): Promise<PointDetails[]> {
  if (!store.get(offlineAtom)) {
    try {
      return await fetchPointDetails(ids);
    } catch (e) {
      if (failureKind(e) !== 'network') throw e;
    }
  }
  const out = new Map<string, PointDetails>();
  const local = (p: Pick<Point, 'id' | 'name' | 'description' | 'ticketNumber' | 'imageUrl' | 'teamName' | 'observedAt' | 'creationDate' | 'assigneeId' | 'dueAt'>): PointDetails => ({
    id: p.id, name: p.name, description: p.description, ticketNumber: p.ticketNumber, imageUrl: p.imageUrl, teamName: p.teamName,
    observedAt: p.observedAt ?? null, createdAt: p.creationDate, assigneeId: p.assigneeId ?? null, dueAt: p.dueAt ?? null,
  });
  for (const id of ids) { const p = pointDetails(id); if (p) out.set(id, local(p)); }
  const missing = ids.filter((id) => !out.has(id));
  if (missing.length) {
    try {
      for (const d of await readDetails(missing)) out.set(d.id, local(d.point));
    } catch (e) { console.warn('replica unreadable for the offline report', e); }
  }
  return [...out.values()];
}

export const DETAILS_CACHE_MAX = 5000; // rows kept; a screen shows a few dozen
const BATCH_MS = 16; // collect the ids asked during one frame
const IN_FLIGHT = 3; // parallel detail requests

export interface DetailsCache {
  get(id: string): PointDetails | undefined;
  /** Asks for these ids (already cached or pending ones are skipped); listeners run when a page arrives. The ids
   * asked within a frame go in one request; `now`: without waiting for that frame (the first rows of a report). */
  request(ids: readonly string[], opts?: { now?: boolean }): void;
  subscribe(listener: () => void): () => void;
  /** Bumped at each arrival (for useSyncExternalStore). */
  version(): number;
  /** Ids that could not be fetched (error) are retried on the next request. */
  failed(): boolean;
  dispose(): void;
}

export function createDetailsCache(fetchFn: (ids: readonly string[]) => Promise<PointDetails[]> = fetchReportDetails, max = DETAILS_CACHE_MAX): DetailsCache {
  const map = new Map<string, PointDetails>();
  const pending = new Set<string>();
  const queue: string[] = [];
  const listeners = new Set<() => void>();
  let ver = 0, running = 0, timer: ReturnType<typeof setTimeout> | undefined, disposed = false, lastFailed = false;

  const notify = () => { ver++; for (const l of listeners) l(); };
  const pump = () => {
    while (!disposed && running < IN_FLIGHT && queue.length) {
      const page = queue.splice(0, DETAILS_PAGE);
      running++;
      fetchFn(page).then((rows) => {
        if (disposed) return;
        lastFailed = false;
        for (const r of rows) map.set(r.id, r);
        for (const id of page) if (!map.has(id)) map.set(id, { id, name: '', description: '', ticketNumber: null, imageUrl: null, teamName: null });
        while (map.size > max) map.delete(map.keys().next().value as string);
      }, (err) => { console.error('report details load failed', err); lastFailed = true; })
        .finally(() => { for (const id of page) pending.delete(id); running--; if (!disposed) { notify(); pump(); } });
    }
  };
  return {
    get: (id) => map.get(id),
    request(ids, opts) {
      for (const id of ids) if (!map.has(id) && !pending.has(id)) { pending.add(id); queue.push(id); }
      if (opts?.now) { clearTimeout(timer); timer = undefined; pump(); return; }
      if (queue.length && timer === undefined) timer = setTimeout(() => { timer = undefined; pump(); }, BATCH_MS);
    },
    subscribe(l) { listeners.add(l); return () => { listeners.delete(l); }; },
    version: () => ver,
    failed: () => lastFailed,
    dispose() { disposed = true; clearTimeout(timer); listeners.clear(); map.clear(); },
  };
}

/** Details of `ids` in order, page by page (for print and Word): calls onPage with each page's rows as they come. */
export async function forEachDetailsPage(ids: readonly string[], onPage: (rows: PointDetails[], done: number) => void | Promise<void>, pageSize = DETAILS_PAGE * 5): Promise<void> {
  for (let k = 0; k < ids.length; k += pageSize) {
    const page = ids.slice(k, k + pageSize);
    const byId = new Map((await fetchReportDetails(page)).map((d) => [d.id, d]));
    await onPage(page.map((id) => byId.get(id) ?? { id, name: '', description: '', ticketNumber: null, imageUrl: null, teamName: null }), k + page.length);
  }
}

/** The details of `ids` for print, by id, page by page (`onPage`: rows read so far); `error` when a page could not be read. */
export async function printDetails(ids: readonly string[], onPage: (done: number) => void): Promise<Result<Map<string, PointDetails>>> {
  const details = new Map<string, PointDetails>();
  try {
    await forEachDetailsPage(ids, (rows, done) => {
      for (const r of rows) details.set(r.id, r);
      onPage(done);
    });
  } catch (err) {
    console.error('print preparation failed', err);
    return fail('error', REPORT_FAILURE.printFailed);
  }
  return ok(details);
}
