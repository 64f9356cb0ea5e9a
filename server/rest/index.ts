// PostgREST-compatible handler for /rest/v1: tables (GET/HEAD/POST/PATCH/DELETE) and RPC, each request one
// transaction under the caller's role via db.asRequest. Query syntax in parse.ts, SQL in sql.ts.
// Not supported (answered with a 4xx): PUT, spread/aggregate selects, many-to-many embeds, CSV/GeoJSON output,
// fts/match/range operators, tx=rollback, max-affected; count=planned|estimated are exact counts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../db/types';
import type { ApiHandler, AuthContext } from '../http/types';
import { restError } from '../http/errors';
import { parsePrefer, parseRange, parseSelect, splitTop, type Prefer, type SelectItem } from './parse';
import { loadSchemaCache, type SchemaCache, type Table, type Func } from './schemaCache';
import {
  Params, buildCount, buildRead, deleteSql, emptyPath, insertSql, pickFunc, rpcCall, rpcResultTable, tableOf, updateSql, writeWhere,
  type PathMap,
} from './sql';
import { toHttpError } from './errors';
import { penaltyError, TimeoutPenalty } from './timeoutPenalty';
import { mergeBulkAnswers, oneOfEachGroup, sliceBulkChanges } from './bulkSlices';
import { parseQuery, RESERVED } from './query';
import { invalidJson, notSingle, readJson, unknownBodyColumn } from './requestBody';
import { BODY_BYTES, OCTET_STREAM, send, stripArray, type Body } from './send';
import { withPreRequest } from './preRequest';

/** Supabase's default `max_rows` (docs/supabase-protocol.md#tables): every read is capped at this many rows. */
export const MAX_ROWS = 1000;
const SCHEMA_RELOAD_MIN_MS = 1000;

type Stmt = (p: Params) => string;
export type RestHandler = ApiHandler & { reloadSchema(): Promise<void> };

export function createRestHandler({ db: rawDb, maxRows = MAX_ROWS }: { db: Database; maxRows?: number }): RestHandler {
  const db = withPreRequest(rawDb);
  let cache: Promise<SchemaCache> | null = null;
  const reload = () => (db.resetPreRequest(), cache = loadSchemaCache(db.admin).catch((e) => { cache = null; throw e; }));
  const getCache = () => cache ?? reload();
  // Read the catalog at start (a failure, e.g. an unmigrated database, is retried by the first request).
  reload().catch(() => {});
  /** Unknown name: reload once (migrations may have landed since) before giving up. */
  async function fresh<T>(lookup: (c: SchemaCache) => T): Promise<T> {
    const c = await getCache();
    try { return lookup(c); } catch (e) {
      if (Date.now() - c.loadedAt < SCHEMA_RELOAD_MIN_MS) throw e;
      return lookup(await reload());
    }
  }

  const penalty = new TimeoutPenalty();
  const handler = async (req: IncomingMessage, res: ServerResponse, ctx: { url: URL; auth: AuthContext; body: () => Promise<Buffer> }) => {
    // A member's request that just ran out of time is refused for a while (timeoutPenalty.ts).
    const key = ctx.auth.userId ? TimeoutPenalty.key(ctx.auth.userId, (req.method ?? 'GET').toUpperCase(), ctx.url.pathname) : null;
    try {
      const wait = key ? penalty.waitS(key) : 0;
      if (wait > 0) throw penaltyError(wait);
      await serve(req, res, ctx);
      if (key) penalty.clear(key);
    } catch (e) {
      if (key && (e as { code?: unknown } | null)?.code === '57014') penalty.strike(key);
      const he = toHttpError(e, ctx.auth.role);
      send(res, he.status, JSON.stringify(he.body), { ...he.headers }, req.method === 'HEAD');
    }
  };

  async function serve(req: IncomingMessage, res: ServerResponse, ctx: { url: URL; auth: AuthContext; body: () => Promise<Buffer> }) {
    const method = (req.method ?? 'GET').toUpperCase();
    const readOnly = method === 'GET' || method === 'HEAD';
    for (const h of ['accept-profile', 'content-profile']) {
      const v = req.headers[h];
      if (typeof v === 'string' && v !== '' && v !== 'public') {
        throw restError(406, 'PGRST106', 'The schema must be one of the following: public', null, null);
      }
    }
    const path = ctx.url.pathname.replace(/^\/rest\/v1/, '').replace(/\/+$/, '');
    let parts: string[];
    try { parts = path.split('/').filter(Boolean).map(decodeURIComponent); } catch {
      throw restError(404, 'PGRST125', 'Invalid path specified in request URL', null, null);
    }
    if (parts.length === 0) {
      const c = await getCache();
      return send(res, 200, JSON.stringify({ swagger: '2.0', info: { title: 'embedded PostgREST subset' }, paths: Object.fromEntries([...c.tables.keys()].map((t) => [`/${t}`, {}])) }), {}, method === 'HEAD');
    }
    const accept = String(req.headers.accept ?? '');
    // application/octet-stream: only a function returning the domain of that name (its media type handler, as in PostgREST 12).
    if (parts[0] === 'rpc' && parts.length === 2 && OCTET_STREAM.test(accept)) return rpcBytes(res, parts[1], method, ctx, accept);
    if (accept && !/(^|,)\s*(\*\/\*|application\/\*|application\/json|application\/vnd\.pgrst\.(object|array)(\+json)?)\s*(;|,|$)/i.test(accept)) {
      throw restError(406, 'PGRST107', `None of these media types are available: ${accept}`, null, null);
    }
    const single = accept.includes('application/vnd.pgrst.object');
    const stripNulls = accept.includes('nulls=stripped');
    const prefer = parsePrefer(req.headers.prefer);
    const reqCtx = { role: ctx.auth.role, claims: ctx.auth.claims, method, path: ctx.url.pathname, readOnly };

    if (parts[0] === 'rpc' && parts.length === 2) {
      if (!['GET', 'HEAD', 'POST'].includes(method)) throw restError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions', null, null);
      return rpc(res, ctx, parts[1], method, { single, stripNulls, prefer, reqCtx });
    }
    if (parts.length !== 1) throw restError(404, 'PGRST125', `Invalid path specified in request URL`, null, null);
    const table = await fresh((c) => tableOf(c, parts[0]));
    const c = await getCache();
    const q = parseQuery(ctx.url.searchParams, new Set());
    const items = parseSelect(ctx.url.searchParams.get('select'));

    if (readOnly) {
      const range = parseRange(req.headers.range as string | undefined);
      const root = q.paths.get('')!;
      const offset = root.offset ?? range?.offset ?? 0;
      const reqLimit = root.limit ?? range?.limit ?? null;
      const limit = Math.min(reqLimit ?? maxRows, maxRows);
      const p = new Params();
      const sql = buildRead({ cache: c, table, items, paths: q.paths, p, limit, offset, stripNulls });
      const cp = new Params();
      const countSql = prefer.count ? buildCount({ cache: c, table, items, paths: q.paths, p: cp }) : null;
      const out = await db.asRequest(reqCtx, async (tx) => {
        const r = await tx.query<{ n: number; body: Body }>(sql, p.values, BODY_BYTES);
        const total = countSql ? Number((await tx.query<{ n: number }>(countSql, cp.values)).rows[0].n) : null;
        return { n: Number(r.rows[0].n), body: r.rows[0].body, total };
      });
      return respondRows(res, method, out.n, out.body, { single, offset, total: out.total, readStatus: true });
    }

    const returning = prefer.return === 'representation';
    if (method === 'POST') return insert(res, ctx, table, c, q.paths, items, { single, stripNulls, prefer, reqCtx, returning });
    if (method === 'PATCH' || method === 'DELETE') {
      let rowJson = '{}', cols: string[] = [];
      if (method === 'PATCH') {
        const body = await readJson(ctx);
        if (body === undefined || typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidJson();
        cols = Object.keys(body);
        for (const k of cols) if (!table.columns.has(k)) throw unknownBodyColumn(table, k);
        rowJson = JSON.stringify(body);
      }
      const write = (ret: boolean): Stmt[] => [(p: Params) => {
        const where = writeWhere(table, q.paths, p);
        return method === 'PATCH' ? updateSql(table, cols, rowJson, where, p, ret) : deleteSql(table, where, ret);
      }];
      if (method === 'PATCH' && cols.length === 0) {
        // Nothing to set: PostgREST answers with the (empty) result without touching rows.
        return respondWrite(res, method, 0, '[]', { single: false, returning, count: prefer.count });
      }
      const out = await db.asRequest(reqCtx, (tx) => runWrite(tx, c, table, items, q.paths, write, { single, stripNulls, returning }));
      return respondWrite(res, method, out.n, out.body, { single, returning, count: prefer.count });
    }
    if (method === 'PUT') throw restError(405, 'PGRST105', 'PUT is not supported by this server; use POST with Prefer: resolution=merge-duplicates', null, null);
    throw restError(405, 'PGRST117', `Unsupported HTTP method: ${method}`, null, null);
  }

  async function insert(res: ServerResponse, ctx: { url: URL; body: () => Promise<Buffer> }, table: Table, c: SchemaCache, paths: PathMap, items: SelectItem[],
    o: { single: boolean; stripNulls: boolean; prefer: Prefer; reqCtx: Parameters<Database['asRequest']>[0]; returning: boolean }) {
    const body = await readJson(ctx);
    if (body === undefined || body === null || typeof body !== 'object') throw invalidJson();
    const rows = (Array.isArray(body) ? body : [body]) as unknown[];
    if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) throw invalidJson('All array elements must be JSON objects');
    const colsParam = ctx.url.searchParams.get('columns');
    let cols: string[];
    if (colsParam) cols = splitTop(colsParam).map((x) => x.trim().replace(/^"|"$/g, '')).filter(Boolean);
    else {
      const set = new Set<string>();
      for (const r of rows) for (const k of Object.keys(r as object)) set.add(k);
      cols = [...set];
    }
    for (const k of cols) if (!table.columns.has(k)) throw unknownBodyColumn(table, k);
    let conflict: { cols: string[]; ignore: boolean } | null = null;
    if (o.prefer.resolution) {
      const oc = ctx.url.searchParams.get('on_conflict');
      const ccols = oc ? splitTop(oc).map((x) => x.trim().replace(/^"|"$/g, '')) : table.pk;
      for (const k of ccols) if (!table.columns.has(k)) throw restError(400, '42703', `column ${table.name}.${k} does not exist`, null, null);
      if (ccols.length) conflict = { cols: ccols, ignore: o.prefer.resolution === 'ignore-duplicates' };
    }
    // missing=default: rows with different key sets are inserted by separate statements so absent keys get defaults.
    const groups: { cols: string[]; rows: unknown[] }[] = [];
    if (o.prefer.missingDefault && rows.length > 0) {
      const byKey = new Map<string, { cols: string[]; rows: unknown[] }>();
      for (const r of rows) {
        const rc = cols.filter((k) => k in (r as object));
        const key = rc.join('\u0000');
        if (!byKey.has(key)) byKey.set(key, { cols: rc, rows: [] });
        byKey.get(key)!.rows.push(r);
      }
      groups.push(...byKey.values());
    } else if (rows.length > 0) groups.push({ cols, rows });
    const stmts = (ret: boolean): Stmt[] => groups.map((g) => g.cols.length === 0
      ? g.rows.map(() => (p: Params) => insertSql(table, [], '', p, null, ret))
      : [(p: Params) => insertSql(table, g.cols, JSON.stringify(g.rows), p, conflict, ret)]).flat();
    const out = groups.length === 0
      ? { n: 0, body: '[]' }
      : await db.asRequest(o.reqCtx, (tx) => runWrite(tx, c, table, items, paths, stmts, { single: o.single, stripNulls: o.stripNulls, returning: o.returning }));
    return respondWrite(res, 'POST', out.n, out.body, { single: o.single, returning: o.returning, count: o.prefer.count });
  }

  /** Write as CTE(s) and re-select the returned rows for the body; checks .single() inside the transaction. */
  async function runWrite(tx: Queryable, c: SchemaCache, table: Table, items: SelectItem[], paths: PathMap,
    write: (ret: boolean) => Stmt[], o: { single: boolean; stripNulls: boolean; returning: boolean }) {
    if (!o.returning) {
      // return=minimal: no RETURNING (so SELECT policies do not apply to the written rows), count affected rows.
      let n = 0;
      for (const stmt of write(false)) {
        const p = new Params();
        const s = stmt(p);
        n += (await tx.query(s, p.values)).affectedRows;
      }
      if (o.single && n !== 1) throw notSingle(n);
      return { n, body: '' };
    }
    const wp = new Params();
    const list = write(true).map((stmt) => stmt(wp));
    const ctes = list.map((s, i) => `pgrst_w${i} as (${s})`);
    const union = list.map((_, i) => `select * from pgrst_w${i}`).join(' union all ');
    const withSql = `with ${ctes.join(', ')}, pgrst_source as (${union})`;
    const rootOrder = paths.get('') ?? emptyPath();
    const readPaths: PathMap = new Map(paths);
    readPaths.set('', { ...rootOrder, filters: [] });
    const sql = buildRead({ cache: c, table, items: o.returning ? items : [{ kind: 'star' }], paths: readPaths, p: wp, limit: null, offset: 0, stripNulls: o.stripNulls, source: { withSql, from: 'pgrst_source as t0', filtered: true } });
    const r = await tx.query<{ n: number; body: string }>(sql, wp.values);
    const n = Number(r.rows[0].n);
    if (o.single && n !== 1) throw notSingle(n);
    return { n, body: r.rows[0].body };
  }

  /** A function returning the domain "application/octet-stream", asked for as such: its bytes, sent as they are. */
  async function rpcBytes(res: ServerResponse, name: string, method: string, ctx: { url: URL; auth: AuthContext; body: () => Promise<Buffer> }, accept: string) {
    if (!['GET', 'HEAD', 'POST'].includes(method)) throw restError(405, 'PGRST101', 'Only GET, HEAD and POST are allowed for functions', null, null);
    const args = await rpcArgs(ctx, name, method);
    const keys = Object.keys(args);
    const f: Func = await fresh((c) => pickFunc(c, name, keys));
    if (f.returnUdt !== 'application/octet-stream' || f.returnsSet) {
      throw restError(406, 'PGRST107', `None of these media types are available: ${accept}`, null, null);
    }
    const p = new Params();
    const { from, call } = rpcCall(f, keys, JSON.stringify(args), p);
    const reqCtx = { role: ctx.auth.role, claims: ctx.auth.claims, method, path: ctx.url.pathname, readOnly: method !== 'POST' };
    // As base64 text, turned into bytes in the database thread (QueryOptions.base64Bytes): hex, bytea's text form, is
    // twice the parsing.
    const out = await db.asRequest(reqCtx, (tx) => tx.query<{ body: Uint8Array | null }>(`select encode((${call})::bytea, 'base64') as body${from ? ` from ${from}` : ''}`, p.values, { base64Bytes: ['body'] }));
    const b = out.rows[0]?.body;
    const body = b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : Buffer.alloc(0);
    return send(res, 200, body, { 'Content-Type': 'application/octet-stream' }, method === 'HEAD');
  }

  /** The named arguments of an RPC: the JSON object of a POST body, or the query string of a GET. */
  async function rpcArgs(ctx: { url: URL; body: () => Promise<Buffer> }, name: string, method: string): Promise<Record<string, unknown>> {
    const c0 = await getCache();
    let args: Record<string, unknown> = {};
    const argNames = new Set((c0.funcs.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
    if (method === 'POST') {
      const v = await readJson(ctx);
      if (v !== undefined) {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw invalidJson('The RPC body must be a JSON object of named arguments');
        args = v as Record<string, unknown>;
      }
    } else {
      for (const [k, v] of ctx.url.searchParams) if (argNames.has(k) && !RESERVED.has(k)) args[k] = v;
    }
    return args;
  }

  /** bulk_update_points on PGlite, slice after slice (bulkSlices.ts); nothing is written when the check fails. */
  async function bulkUpdateInSlices(res: ServerResponse, slices: ReturnType<typeof sliceBulkChanges> & object, reqCtx: Parameters<Database['asRequest']>[0]) {
    const call = (changes: unknown, tx: Queryable) =>
      tx.query<{ body: string }>('select to_json(public.bulk_update_points($1::jsonb))::text as body', [JSON.stringify(changes)]);
    const checked = Symbol('checked');
    await db.asRequest(reqCtx, async (tx) => {
      await tx.query('select count(*) from private.bulk_request($1::jsonb)', [JSON.stringify(slices.flat())]);
      await call(oneOfEachGroup(slices), tx);
      throw checked;
    })
      .catch((e: unknown) => { if (e !== checked) throw e; });
    // The slices' notifications are kept under one batch and told once at the end, as one statement would tell them.
    const batch = randomUUID();
    const answers: Record<string, unknown>[] = [];
    try {
      for (const slice of slices) {
        const out = await db.asRequest(reqCtx, async (tx) => {
          await tx.query("select set_config('private.notify_batch', $1, true)", [batch]);
          return call(slice, tx);
        });
        answers.push(JSON.parse(out.rows[0].body) as Record<string, unknown>);
      }
    } finally {
      await db.admin.query('select private.deliver_deferred_changes($1)', [batch]);
    }
    return send(res, 200, JSON.stringify(mergeBulkAnswers(answers)), { 'Content-Range': '0-0/*' }, false);
  }

  async function rpc(res: ServerResponse, ctx: { url: URL; body: () => Promise<Buffer> }, name: string, method: string,
    o: { single: boolean; stripNulls: boolean; prefer: Prefer; reqCtx: Parameters<Database['asRequest']>[0] }) {
    const args = await rpcArgs(ctx, name, method);
    const keys = Object.keys(args);
    const f: Func = await fresh((c) => pickFunc(c, name, keys));
    if (rawDb.kind === 'pglite' && name === 'bulk_update_points' && method === 'POST' && keys.length === 1 && keys[0] === 'p_changes') {
      const slices = sliceBulkChanges(args.p_changes);
      if (slices) return bulkUpdateInSlices(res, slices, o.reqCtx);
    }
    const c = await getCache();
    const q = parseQuery(ctx.url.searchParams, method === 'POST' ? new Set() : new Set(keys));
    const p = new Params();
    const { from, call } = rpcCall(f, keys, JSON.stringify(args), p);
    const fromClause = from ? ` from ${from}` : '';
    const head = method === 'HEAD';
    if (f.isVoid) {
      await db.asRequest(o.reqCtx, (tx) => tx.query(`select ${call}${fromClause}`, p.values));
      return send(res, 204, '', {}, true);
    }
    if (!f.returnsSet && !f.returnColumns) {
      const out = await db.asRequest(o.reqCtx, (tx) => tx.query<{ body: string }>(`select to_json(${call})::text as body${fromClause}`, p.values));
      return send(res, 200, out.rows[0]?.body ?? 'null', { 'Content-Range': '0-0/*' }, head);
    }
    const root = q.paths.get('')!;
    const limit = Math.min(root.limit ?? maxRows, maxRows);
    const offset = root.offset ?? 0;
    const src = `${from ? `${from} cross join lateral ` : ''}${call} as t0`;
    let sql: string;
    if (!f.returnColumns) {
      if (root.filters.length || root.order.length) throw restError(400, 'PGRST100', 'Filters and order are not supported on scalar set-returning functions', null, null);
      sql = `select count(*)::int as n, coalesce(json_agg(_t.v), '[]')::text as body from (select t0 as v from ${src} limit ${p.add(limit)}${offset ? ` offset ${p.add(offset)}` : ''}) _t`;
    } else {
      const items = parseSelect(ctx.url.searchParams.get('select'));
      sql = buildRead({ cache: c, table: rpcResultTable(f), items, paths: q.paths, p, limit: f.returnsSet ? limit : null, offset: f.returnsSet ? offset : 0, stripNulls: o.stripNulls, source: { withSql: '', from: src, filtered: false } });
    }
    const out = await db.asRequest(o.reqCtx, async (tx) => {
      const r = await tx.query<{ n: number; body: Body }>(sql, p.values, BODY_BYTES);
      return { n: Number(r.rows[0].n), body: r.rows[0].body };
    });
    if (!f.returnsSet) {
      // A function returning one row answers with the object itself.
      return send(res, 200, out.n === 0 ? 'null' : stripArray(out.body), {}, head);
    }
    return respondRows(res, method, out.n, out.body, { single: o.single, offset, total: null, readStatus: false });
  }

  function respondRows(res: ServerResponse, method: string, n: number, body: Body, o: { single: boolean; offset: number; total: number | null; readStatus: boolean }) {
    const head = method === 'HEAD';
    if (o.single && n !== 1) throw notSingle(n);
    if (o.readStatus && o.total !== null && o.offset > o.total) {
      throw restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${o.offset} was requested, but there are only ${o.total} rows.`, null);
    }
    const range = n > 0 ? `${o.offset}-${o.offset + n - 1}/${o.total ?? '*'}` : `*/${o.total ?? '*'}`;
    const partial = o.total !== null && n < o.total && o.readStatus;
    const headers: Record<string, string> = { 'Content-Range': range };
    if (o.single) headers['Content-Type'] = 'application/vnd.pgrst.object+json; charset=utf-8';
    return send(res, partial ? 206 : 200, o.single ? stripArray(body) : body, headers, head);
  }

  function respondWrite(res: ServerResponse, method: string, n: number, body: string, o: { single: boolean; returning: boolean; count: Prefer['count'] }) {
    if (o.single && n !== 1) throw notSingle(n);
    const headers: Record<string, string> = { 'Content-Range': `*/${o.count ? n : '*'}` };
    if (!o.returning) return send(res, method === 'POST' ? 201 : 204, '', headers, true);
    if (o.single) headers['Content-Type'] = 'application/vnd.pgrst.object+json; charset=utf-8';
    return send(res, method === 'POST' ? 201 : 200, o.single ? stripArray(body) : body, headers, false);
  }

  return Object.assign(handler, { reloadSchema: async () => { await reload(); } });
}
