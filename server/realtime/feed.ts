// The change feed: LISTEN 'realtime_changes', read new rows of realtime.changes in id order (db.admin) up to the
// commit horizon (ids no running transaction can still fill in, horizon.ts), decide
// per subscriber whether it may see each row (re-select by primary key under its role and claims: one query per
// batch, table and distinct claims), and prune the queue periodically.
import type { Database } from '../db/types';
import { REALTIME_CHANNEL, readChanges, type CapturedChange } from '../db/realtime';
import type { ChangeType } from './protocol';
import { CommitHorizon } from './horizon';

const READ_BATCH = 500;
const POLL_MS = 2000;
const PRUNE_MS = 60_000;
/** While changes wait for concurrent transactions to end, look again this soon (doubling up to the maximum). */
const HORIZON_RETRY_MS = 20;
const HORIZON_RETRY_MAX_MS = 500;

export interface TableInfo { columns: { name: string; type: string }[]; pk: string[] }
export interface Change {
  id: number; schema: string; table: string; type: ChangeType; commit_timestamp: string;
  record: Record<string, unknown> | null; old_record: Record<string, unknown> | null; info: TableInfo;
}
export interface Viewer { role: string; claims: Record<string, unknown> }

const qi = (s: string) => '"' + s.replace(/"/g, '""') + '"';

export class ChangeFeed {
  private lastId = 0;
  private draining: Promise<void> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;
  private timers: NodeJS.Timeout[] = [];
  private tables = new Map<string, TableInfo>();
  private closed = false;
  private horizon = new CommitHorizon();
  private retry: NodeJS.Timeout | null = null;
  private retryMs = HORIZON_RETRY_MS;

  constructor(private db: Database, private onChange: (c: Change, canSee: (v: Viewer) => Promise<boolean>) => Promise<void>, private active: () => boolean) {}

  async start(): Promise<void> {
    const r = await this.db.admin.query<{ id: string | number }>('select coalesce(max(id), 0) as id from realtime.changes');
    this.lastId = Number(r.rows[0].id);
    this.unlisten = await this.db.listen(REALTIME_CHANNEL, () => this.kick());
    this.timers.push(setInterval(() => { if (this.active()) this.kick(); }, POLL_MS));
    this.timers.push(setInterval(() => { void this.prune(); }, PRUNE_MS));
    for (const t of this.timers) t.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    if (this.retry) clearTimeout(this.retry);
    if (this.unlisten) await this.unlisten().catch(() => {});
    await this.draining?.catch(() => {});
  }

  /** True while committed changes may still wait behind running transactions. */
  get waiting(): boolean { return this.horizon.waiting; }

  /** Processes everything queued so far; resolves when done (also used by tests). */
  kick(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.draining) { this.again = true; return this.draining; }
    this.draining = (async () => {
      do {
        this.again = false;
        try { await this.drain(); } catch (e) { if (!this.closed) console.error('[realtime] change feed error', e); }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.draining = null;
      if (!this.horizon.waiting) this.retryMs = HORIZON_RETRY_MS;
      else if (!this.retry && !this.closed) {
        this.retry = setTimeout(() => { this.retry = null; void this.kick(); }, this.retryMs);
        this.retry.unref();
        this.retryMs = Math.min(this.retryMs * 2, HORIZON_RETRY_MAX_MS);
      }
    });
    return this.draining;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const safe = await this.horizon.safeId(this.db);
      const rows = await readChanges(this.db, this.lastId, safe, READ_BATCH);
      // A full batch: continue after its last row. Otherwise everything up to `safe` is read (missing ids there
      // belong to rolled-back transactions).
      const next = rows.length === READ_BATCH ? Number(rows[rows.length - 1].id) : Math.max(this.lastId, safe);
      if (this.active()) {
        // Reading the batch's tables may fail (the database busy or gone a moment): it throws before any delivery
        // and the cursor stays, so the next kick reads the same rows again.
        const changes: Change[] = [];
        for (const row of rows) { const c = await this.toChange(row); if (c) changes.push(c); }
        const vis = new BatchVisibility(this.db, changes);
        for (const c of changes) {
          // One change that cannot be delivered never holds back the others (nor is it delivered twice).
          try { await this.onChange(c, (v) => vis.canSee(c, v)); } catch (e) { if (!this.closed) console.error(`[realtime] change ${c.id} (${c.schema}.${c.table}) not delivered`, e); }
        }
      }
      this.lastId = next;
      if (rows.length < READ_BATCH) return;
    }
  }

  private async prune(): Promise<void> {
    if (this.closed) return;
    try {
      await this.db.admin.query('delete from realtime.changes where id <= $1 and commit_timestamp < now() - interval \'1 minute\'', [this.lastId]);
      // Broadcast rows were sent when their change was read (Supabase keeps them a few days; here 10 minutes).
      await this.db.admin.query('delete from realtime.messages where inserted_at < (now() - interval \'10 minutes\')::timestamp');
    } catch (e) { if (!this.closed) console.error('[realtime] prune failed', e); }
  }

  private async tableInfo(schema: string, table: string, fresh = false): Promise<TableInfo | null> {
    const key = `${schema}.${table}`;
    if (!fresh && this.tables.has(key)) return this.tables.get(key)!;
    const r = await this.db.admin.query<{ name: string; type: string; pk: boolean }>(
      `select a.attname as name, t.typname as type,
              exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary and a.attnum = any (i.indkey)) as pk
         from pg_class c join pg_namespace n on n.oid = c.relnamespace
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_type t on t.oid = a.atttypid
        where n.nspname = $1 and c.relname = $2 order by a.attnum`, [schema, table]);
    if (r.rows.length === 0) return null;
    const info = { columns: r.rows.map((x) => ({ name: x.name, type: x.type })), pk: r.rows.filter((x) => x.pk).map((x) => x.name) };
    this.tables.set(key, info);
    return info;
  }

  private async toChange(row: CapturedChange): Promise<Change | null> {
    let info = await this.tableInfo(row.schema, row.table);
    const rec = parseJson(row.record);
    if (info && rec && Object.keys(rec).some((k) => !info!.columns.some((c) => c.name === k))) info = await this.tableInfo(row.schema, row.table, true);
    if (!info) return null;
    const ts = row.commit_timestamp instanceof Date ? row.commit_timestamp : new Date(String(row.commit_timestamp));
    return { id: Number(row.id), schema: row.schema, table: row.table, type: row.type, commit_timestamp: ts.toISOString(), record: rec, old_record: parseJson(row.old_record), info };
  }

}

/**
 * Visibility of a batch of changes: per viewer (role + claims) and table, ONE select of the changed primary keys
 * under the viewer's role in db.asRequest; a DELETE (row gone) needs the table SELECT privilege.
 */
class BatchVisibility {
  private memo = new Map<string, Promise<Set<string> | boolean>>();
  constructor(private db: Database, private changes: Change[]) {}

  async canSee(c: Change, v: Viewer): Promise<boolean> {
    if (v.role !== 'anon' && v.role !== 'authenticated' && v.role !== 'service_role') return false;
    const byKey = c.type !== 'DELETE' && c.info.pk.length > 0 && c.record !== null;
    const key = `${byKey ? 'rows' : 'priv'}\u0000${c.schema}.${c.table}\u0000${v.role}\u0000${JSON.stringify(v.claims)}`;
    let p = this.memo.get(key);
    if (!p) {
      p = (byKey ? this.visibleKeys(c, v) : this.privilege(c, v)).catch((e: { code?: string }) => {
        // 42501: the role may not read the table at all (e.g. anon on an authenticated-only table): not visible.
        if (e?.code !== '42501') console.error('[realtime] visibility check failed', e);
        return false;
      });
      this.memo.set(key, p);
    }
    const r = await p;
    return typeof r === 'boolean' ? r : r.has(pkKey(c.info.pk, c.record!));
  }

  private ctx(v: Viewer) {
    return { role: v.role as 'anon' | 'authenticated' | 'service_role', claims: v.claims, method: 'GET', path: '/realtime/v1', readOnly: true };
  }

  private privilege(c: Change, v: Viewer): Promise<boolean> {
    return this.db.asRequest(this.ctx(v), async (tx) => {
      const r = await tx.query<{ ok: boolean }>('select has_table_privilege(current_user, c.oid, \'SELECT\') as ok from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relname = $2', [c.schema, c.table]);
      return r.rows[0]?.ok === true;
    });
  }

  private visibleKeys(c: Change, v: Viewer): Promise<Set<string>> {
    const pk = c.info.pk;
    const seen = new Set<string>();
    const params: unknown[] = [];
    const tuples: string[] = [];
    for (const x of this.changes) {
      if (x.schema !== c.schema || x.table !== c.table || x.type === 'DELETE' || !x.record) continue;
      const k = pkKey(pk, x.record);
      if (seen.has(k)) continue;
      seen.add(k);
      tuples.push(`(${pk.map((col) => { params.push(sqlValue(x.record![col])); return `$${params.length}`; }).join(', ')})`);
    }
    const cols = pk.map(qi).join(', ');
    // to_jsonb: the keys come back in the very form the captured record holds them (record = to_jsonb(new)).
    const sql = `select ${pk.map((k) => `to_jsonb(${qi(k)}) as ${qi(k)}`).join(', ')} from ${qi(c.schema)}.${qi(c.table)} where (${cols}) in (${tuples.join(', ')})`;
    return this.db.asRequest(this.ctx(v), async (tx) => {
      const r = await tx.query<Record<string, unknown>>(sql, params);
      return new Set(r.rows.map((row) => pkKey(pk, row)));
    });
  }
}

const sqlValue = (x: unknown) => (x !== null && typeof x === 'object' ? JSON.stringify(x) : x == null ? null : String(x));
/** Primary key of a row as one comparable string (database rows and jsonb records agree on text forms of uuid/int/text keys). */
const pkKey = (pk: string[], row: Record<string, unknown>) => JSON.stringify(pk.map((k) => sqlValue(row[k])));

function parseJson(v: unknown): Record<string, unknown> | null {
  if (v == null) return null;
  if (typeof v === 'string') { try { return JSON.parse(v); } catch { return null; } }
  return v as Record<string, unknown>;
}
