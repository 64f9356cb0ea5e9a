// PGlite adapter of the Database interface running in process (the server uses the worker-thread one,
// pgliteThread.ts; this one is the baseline of `npm run bench attack`). One in-process Postgres (persisted under a directory or in memory).
// PGlite has a single session, so requests switch role with set_config('role', ..., true) inside their transaction.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { Database, QueryOptions, QueryResult, Queryable, RequestContext, Row } from './types';
import { bytesFromBase64 } from './workerReplies.mjs';
import { REQUEST_SETUP_SQL, requestSetupParams } from './request';
import { inProcessLock } from './locks';

type PgliteLike = { query: PGlite['query']; exec: PGlite['exec'] };

function wrap(q: PgliteLike): Queryable {
  return {
    async query<T = Row>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      if (opts?.base64Bytes) bytesFromBase64(r.rows as object[], opts.base64Bytes);
      return { rows: r.rows, fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: r.affectedRows ?? 0 };
    },
  };
}

/**
 * Opens PGlite at `dir` (created when missing) or in memory when `dir` is undefined; `loadDataDir` fills a new
 * `dir` from a tarball of dumpDataDir (restore).
 */
export async function openPglite(dir?: string, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  // The contrib extensions the migrations create (as Supabase offers them): trigram search, accent folding.
  const extensions = { pg_trgm, unaccent };
  const pg = dir ? await PGlite.create(dir, { extensions, loadDataDir: opts.loadDataDir }) : await PGlite.create({ extensions });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    admin: {
      query: base.query,
      async exec(sql: string) { await pg.exec(sql); },
      // PGlite's own transaction() holds its exclusive lock: other queries wait, which serializes everything.
      transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    },
    asRequest<T>(ctx: RequestContext, fn: (tx: Queryable) => Promise<T>): Promise<T> {
      return pg.transaction(async (tx) => {
        if (ctx.readOnly) await tx.query('set transaction read only');
        await tx.query(REQUEST_SETUP_SQL, requestSetupParams(ctx));
        return fn(wrap(tx));
      });
    },
    withLock: inProcessLock(),
    async listen(channel, onPayload) {
      const unsub = await pg.listen(channel, onPayload);
      return async () => { await unsub(); };
    },
    async close() { if (!pg.closed) await pg.close(); },
    // The transaction holds every other query back; dumpDataDir itself only waits for the query in flight.
    dumpDataDir: (before) => pg.transaction(async (tx) => {
      const result = await before(wrap(tx));
      return { tarball: await pg.dumpDataDir('gzip'), before: result };
    }),
  };
}
