// Phoenix 2.0.0 frames and Supabase postgres_changes subscriptions: parsing a join's filters and matching a
// captured change against them. Pure (no sockets, no database).

/** `[join_ref, ref, topic, event, payload]` */
export type Frame = [string | null, string | null, string, string, unknown];

export function decodeFrame(text: string): Frame | null {
  let v: unknown;
  try { v = JSON.parse(text); } catch { return null; }
  if (!Array.isArray(v) || v.length !== 5) return null;
  const [jr, r, topic, event] = v;
  if ((jr !== null && typeof jr !== 'string') || (r !== null && typeof r !== 'string') || typeof topic !== 'string' || typeof event !== 'string') return null;
  return v as Frame;
}

export const encodeFrame = (f: Frame) => JSON.stringify(f);

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';
export interface RowFilter { column: string; op: FilterOp; value: string | string[] }

/** One postgres_changes binding of a channel, with the id the server gives it. */
export interface Subscription {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string | null;
  filter: RowFilter | null;
  /** What the client sent, echoed back in the join reply (plus id). */
  raw: Record<string, unknown>;
}

const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);
const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** `col=eq.value`, `col=in.(a,b)`; throws on anything else. */
export function parseRowFilter(s: string): RowFilter {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(s);
  if (!m || !OPS.has(m[2] as FilterOp)) throw new Error(`invalid filter: ${s}`);
  const op = m[2] as FilterOp;
  if (op === 'in') {
    const inner = /^\((.*)\)$/s.exec(m[3]);
    if (!inner) throw new Error(`invalid in filter: ${s}`);
    return { column: m[1], op, value: inner[1] === '' ? [] : inner[1].split(',').map((x) => x.trim().replace(/^"(.*)"$/s, '$1')) };
  }
  return { column: m[1], op, value: m[3] };
}

export function parseSubscription(raw: unknown, id: number): Subscription {
  if (!raw || typeof raw !== 'object') throw new Error('postgres_changes entries must be objects');
  const r = raw as Record<string, unknown>;
  const event = String(r.event ?? '').toUpperCase();
  if (!EVENTS.has(event)) throw new Error(`invalid event: ${String(r.event)}`);
  if (typeof r.schema !== 'string' || r.schema === '') throw new Error('schema is required');
  const table = r.table == null || r.table === '' || r.table === '*' ? null : String(r.table);
  const filter = r.filter == null || r.filter === '' ? null : parseRowFilter(String(r.filter));
  return { id, event: event as Subscription['event'], schema: r.schema, table, filter, raw: r };
}

function cmp(a: unknown, b: string): number {
  const na = typeof a === 'number' ? a : Number(a), nb = Number(b);
  if (a !== null && a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  const sa = typeof a === 'string' ? a : JSON.stringify(a);
  return sa < b ? -1 : sa > b ? 1 : 0;
}

export function filterMatches(f: RowFilter, row: Record<string, unknown> | null): boolean {
  if (!row || !(f.column in row)) return false;
  const v = row[f.column];
  if (v === null || v === undefined) return false;
  const sv = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  switch (f.op) {
    case 'eq': return sv === f.value;
    case 'neq': return sv !== f.value;
    case 'in': return (f.value as string[]).includes(sv);
    case 'lt': return cmp(v, f.value as string) < 0;
    case 'lte': return cmp(v, f.value as string) <= 0;
    case 'gt': return cmp(v, f.value as string) > 0;
    case 'gte': return cmp(v, f.value as string) >= 0;
  }
}

export interface ChangeLike { schema: string; table: string; type: ChangeType; record: Record<string, unknown> | null; old_record: Record<string, unknown> | null }

/** Does this subscription want this change? (DELETE: the filter is checked on the primary key it carries, when present.) */
export function subscriptionMatches(s: Subscription, c: ChangeLike): boolean {
  if (s.schema !== '*' && s.schema !== c.schema) return false;
  if (s.table !== null && s.table !== c.table) return false;
  if (s.event !== '*' && s.event !== c.type) return false;
  if (!s.filter) return true;
  if (c.type === 'DELETE') return !c.old_record || !(s.filter.column in c.old_record) || filterMatches(s.filter, c.old_record);
  return filterMatches(s.filter, c.record);
}
