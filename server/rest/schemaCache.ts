// PostgREST-style schema cache read from the catalog: tables/views of `public` with columns, primary keys,
// foreign keys (for embedding) and functions. Every identifier the REST layer emits comes from here.
import type { Queryable } from '../db/types';

export interface Column { name: string; type: string; udt: string; nullable: boolean; hasDefault: boolean; defaultExpr: string | null }
export interface ForeignKey { name: string; table: string; columns: string[]; refTable: string; refColumns: string[] }
export interface Table { name: string; schema: string; kind: 'table' | 'view'; columns: Map<string, Column>; pk: string[] }
export interface FuncArg { name: string; type: string; hasDefault: boolean }
export interface Func {
  name: string; args: FuncArg[]; returnType: string; returnUdt: string; returnsSet: boolean;
  /** composite (row) result: its column names, else null for a scalar. */
  returnColumns: string[] | null; isVoid: boolean; volatile: boolean;
}
export interface SchemaCache { tables: Map<string, Table>; fks: ForeignKey[]; funcs: Map<string, Func[]>; loadedAt: number }

const SCHEMA = 'public';

export async function loadSchemaCache(q: Queryable): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const cols = await q.query<{ rel: string; relkind: string; col: string; type: string; udt: string; notnull: boolean; hasdef: boolean; def: string | null }>(
    `select c.relname as rel, c.relkind::text as relkind, a.attname as col, format_type(a.atttypid, a.atttypmod) as type,
            t.typname as udt, a.attnotnull as notnull, a.atthasdef as hasdef, pg_get_expr(d.adbin, d.adrelid) as def
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       join pg_type t on t.oid = a.atttypid
       left join pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where n.nspname = $1 and c.relkind in ('r','v','m','p','f')
      order by c.relname, a.attnum`, [SCHEMA]);
  for (const r of cols.rows) {
    let t = tables.get(r.rel);
    if (!t) { t = { name: r.rel, schema: SCHEMA, kind: r.relkind === 'r' || r.relkind === 'p' ? 'table' : 'view', columns: new Map(), pk: [] }; tables.set(r.rel, t); }
    t.columns.set(r.col, { name: r.col, type: r.type, udt: r.udt, nullable: !r.notnull, hasDefault: r.hasdef, defaultExpr: r.def });
  }
  const cons = await q.query<{ conname: string; contype: string; rel: string; cols: string[]; ref: string | null; refcols: string[] | null; refschema: string | null }>(
    `select con.conname, con.contype::text as contype, c.relname as rel,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as cols,
            fc.relname as ref, fn.nspname as refschema,
            array(select a.attname::text from unnest(con.confkey) with ordinality k(n, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as refcols
       from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
       left join pg_class fc on fc.oid = con.confrelid left join pg_namespace fn on fn.oid = fc.relnamespace
      where n.nspname = $1 and con.contype in ('p','f')
      order by con.conname`, [SCHEMA]);
  const fks: ForeignKey[] = [];
  for (const r of cons.rows) {
    const t = tables.get(r.rel);
    if (!t) continue;
    if (r.contype === 'p') t.pk = toArr(r.cols);
    else if (r.refschema === SCHEMA && r.ref && tables.has(r.ref)) fks.push({ name: r.conname, table: r.rel, columns: toArr(r.cols), refTable: r.ref, refColumns: toArr(r.refcols) });
  }
  const funcs = new Map<string, Func[]>();
  const fr = await q.query<{ name: string; argnames: string[] | null; argtypes: string[]; argmodes: string[] | null; ndefaults: number; nin: number; rettype: string; retudt: string; rettyptype: string; retrelid: number; retset: boolean; volatile: string }>(
    `select p.proname as name, p.proargnames as argnames, p.proargmodes::text[] as argmodes, p.pronargdefaults as ndefaults, p.pronargs as nin,
            array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i) as argtypes,
            format_type(p.prorettype, null) as rettype, rt.typname as retudt, rt.typtype::text as rettyptype, rt.typrelid::int as retrelid,
            p.proretset as retset, p.provolatile::text as volatile
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`, [SCHEMA]);
  const relCols = new Map<number, string[]>();
  const relIds = [...new Set(fr.rows.filter((r) => r.rettyptype === 'c' && r.retrelid).map((r) => r.retrelid))];
  if (relIds.length) {
    const rc = await q.query<{ relid: number; cols: string[] }>(
      `select a.attrelid::int as relid, array_agg(a.attname::text order by a.attnum) as cols from pg_attribute a
        where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped group by a.attrelid`, [relIds]);
    for (const r of rc.rows) relCols.set(r.relid, toArr(r.cols));
  }
  for (const r of fr.rows) {
    const names = toArr(r.argnames), modes = toArr(r.argmodes), types = toArr(r.argtypes);
    const args: FuncArg[] = [], outCols: string[] = [];
    const inIdx: number[] = [];
    types.forEach((type, i) => {
      const mode = modes[i] ?? 'i';
      if (mode === 'i' || mode === 'b' || mode === 'v') { inIdx.push(i); args.push({ name: names[i] ?? '', type, hasDefault: false }); }
      if (mode === 'o' || mode === 'b' || mode === 't') outCols.push(names[i] ?? '');
    });
    for (let k = args.length - r.ndefaults; k < args.length; k++) if (k >= 0) args[k].hasDefault = true;
    const composite = r.rettyptype === 'c' || r.retudt === 'record';
    const returnColumns = composite ? (outCols.length ? outCols : relCols.get(r.retrelid) ?? null) : null;
    const f: Func = { name: r.name, args, returnType: r.rettype, returnUdt: r.retudt, returnsSet: r.retset, returnColumns, isVoid: r.retudt === 'void', volatile: r.volatile === 'v' };
    const list = funcs.get(r.name) ?? [];
    list.push(f);
    funcs.set(r.name, list);
  }
  return { tables, fks, funcs, loadedAt: Date.now() };
}

/** pg returns text[] as JS arrays; PGlite too, but be tolerant of the `{a,b}` literal. */
function toArr(v: unknown): string[] {
  if (v == null) return [];
  if (Array.isArray(v)) return v.map(String);
  const s = String(v);
  if (s === '{}') return [];
  return s.replace(/^\{|\}$/g, '').split(',').map((x) => x.replace(/^"|"$/g, ''));
}

/** Double-quoted SQL identifier (only ever called with names taken from the cache). */
export function qi(name: string): string {
  return '"' + name.replace(/"/g, '""') + '"';
}
