// SQL builder for the PostgREST subset: reads with embeds as correlated subqueries, writes as a CTE whose
// rows are re-selected for the body (Postgres does the JSON encoding), RPC calls. Identifiers come only from
// the schema cache (quoted with qi); every value is a bound parameter.
import { restError } from '../http/errors';
import type { Field, Filter, OrderTerm, SelectItem } from './parse';
import { qi, type ForeignKey, type Func, type SchemaCache, type Table } from './schemaCache';
import { RowBudget, checkEmbedDepth, embedRowsPerParent } from './embedLimits';

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string { this.values.push(v); return '$' + this.values.length; }
}

/** Filters, order and paging that apply to one embed path ('' = the root). */
export interface PathOptions { filters: Filter[]; order: OrderTerm[]; limit: number | null; offset: number | null }
export type PathMap = Map<string, PathOptions>;
export const emptyPath = (): PathOptions => ({ filters: [], order: [], limit: null, offset: null });

export interface Rel { kind: 'm2o' | 'o2m'; target: Table; fk: ForeignKey }

export function tableOf(cache: SchemaCache, name: string): Table {
  const t = cache.tables.get(name);
  if (!t) throw restError(404, 'PGRST205', `Could not find the table 'public.${name}' in the schema cache`, null, null);
  return t;
}

export function columnError(table: string, col: string) {
  return restError(400, '42703', `column ${table}.${col} does not exist`, null, null);
}

export function checkColumn(t: Table, name: string): void {
  if (!t.columns.has(name)) throw columnError(t.name, name);
}

export function resolveEmbed(cache: SchemaCache, parent: Table, name: string, hint: string | null): Rel {
  const cands: Rel[] = [];
  const target = cache.tables.get(name);
  if (target) {
    for (const fk of cache.fks) {
      if (fk.table === parent.name && fk.refTable === target.name) cands.push({ kind: 'm2o', target, fk });
      if (fk.table === target.name && fk.refTable === parent.name && !(fk.table === fk.refTable && cands.some((c) => c.fk === fk))) cands.push({ kind: 'o2m', target, fk });
    }
  } else {
    for (const fk of cache.fks) {
      if (fk.table === parent.name && ((fk.columns.length === 1 && fk.columns[0] === name) || fk.name === name)) cands.push({ kind: 'm2o', target: cache.tables.get(fk.refTable)!, fk });
      else if (fk.refTable === parent.name && fk.name === name) cands.push({ kind: 'o2m', target: cache.tables.get(fk.table)!, fk });
    }
  }
  const picked = hint === null ? cands : cands.filter((c) => c.fk.name === hint || (c.fk.columns.length === 1 && c.fk.columns[0] === hint) || (c.fk.refColumns.length === 1 && c.fk.refColumns[0] === hint && c.kind === 'o2m'));
  if (picked.length === 0) {
    throw restError(400, 'PGRST200', `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`, null);
  }
  if (picked.length > 1) {
    throw restError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      picked.map((c) => `${c.kind === 'm2o' ? 'many-to-one' : 'one-to-many'} using ${c.fk.name}`).join('; '),
      `Try changing '${name}' to one of the following: ${picked.map((c) => `'${name}!${c.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`);
  }
  return picked[0];
}

/** `t0."col"` plus json steps, checked against the table. */
function fieldExpr(t: Table, alias: string, f: Field, p: Params): string {
  checkColumn(t, f.name);
  let e = `${alias}.${qi(f.name)}`;
  for (const s of f.json) e = `(${e} ${s.arrow} ${p.add(s.key)}::${typeof s.key === 'number' ? 'int' : 'text'})`;
  return e;
}

export function filterSql(t: Table, alias: string, f: Filter, p: Params): string {
  if (f.kind !== 'cond') {
    const parts = f.children.map((c) => filterSql(t, alias, c, p));
    const s = `(${parts.join(f.kind === 'and' ? ' and ' : ' or ')})`;
    return f.negate ? `not ${s}` : s;
  }
  const e = fieldExpr(t, alias, f.field, p);
  let s: string;
  const v = f.value;
  switch (f.op) {
    case 'eq': s = `${e} = ${p.add(v)}`; break;
    case 'neq': s = `${e} <> ${p.add(v)}`; break;
    case 'gt': s = `${e} > ${p.add(v)}`; break;
    case 'gte': s = `${e} >= ${p.add(v)}`; break;
    case 'lt': s = `${e} < ${p.add(v)}`; break;
    case 'lte': s = `${e} <= ${p.add(v)}`; break;
    case 'like': s = `${e} like ${p.add(String(v).replace(/\*/g, '%'))}`; break;
    case 'ilike': s = `${e} ilike ${p.add(String(v).replace(/\*/g, '%'))}`; break;
    case 'isdistinct': s = `${e} is distinct from ${p.add(v)}`; break;
    case 'cs': s = `${e} @> ${p.add(v)}`; break;
    case 'cd': s = `${e} <@ ${p.add(v)}`; break;
    case 'in': {
      const items = v as string[];
      s = items.length === 0 ? 'false' : `${e} in (${items.map((x) => p.add(x)).join(', ')})`;
      break;
    }
    case 'is': {
      const k = String(v).toLowerCase();
      s = k === 'not_null' ? `${e} is not null` : `${e} is ${k === 'null' ? 'null' : k === 'true' ? 'true' : k === 'false' ? 'false' : 'unknown'}`;
      break;
    }
  }
  return f.negate ? `not (${s})` : s;
}

function orderSql(t: Table, alias: string, order: OrderTerm[], p: Params): string {
  if (!order.length) return '';
  return ' order by ' + order.map((o) => `${fieldExpr(t, alias, o.field, p)} ${o.desc ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`).join(', ');
}

function outputName(item: SelectItem & { kind: 'col' }): string {
  if (item.alias) return item.alias;
  if (item.field.json.length) return String(item.field.json[item.field.json.length - 1].key);
  return item.field.name;
}

/** Root rows assumed when a read has no page size (a write's returned rows): Supabase's max_rows. */
const MAX_ROOT_ROWS_ESTIMATE = 1000;

interface Ctx { cache: SchemaCache; p: Params; paths: PathMap; n: number; budget: RowBudget }
const optsFor = (ctx: Ctx, path: string) => ctx.paths.get(path) ?? emptyPath();

/** Projection list + extra where conditions (from !inner embeds) for one relation level. */
function projection(ctx: Ctx, t: Table, alias: string, items: SelectItem[], path: string, parentRows: number): { cols: string[]; inner: string[] } {
  const cols: string[] = [], inner: string[] = [];
  for (const it of items) {
    if (it.kind === 'star') cols.push(`${alias}.*`);
    else if (it.kind === 'col') {
      const e = fieldExpr(t, alias, it.field, ctx.p);
      cols.push(`${it.cast ? `(${e})::${it.cast}` : e} as ${qi(outputName(it))}`);
    } else {
      const rel = resolveEmbed(ctx.cache, t, it.name, it.hint);
      const key = it.alias ?? it.name;
      const sub = embedSql(ctx, rel, alias, it.items, path ? `${path}.${key}` : key, parentRows);
      cols.push(`${sub.value} as ${qi(key)}`);
      if (it.inner) inner.push(sub.exists());
    }
  }
  return { cols, inner };
}

function joinCond(rel: Rel, parentAlias: string, childAlias: string): string {
  const { fk } = rel;
  // m2o: parent holds fk.columns, child is fk.refTable; o2m: child holds fk.columns, parent is fk.refTable
  return fk.columns.map((c, i) => rel.kind === 'm2o'
    ? `${childAlias}.${qi(fk.refColumns[i])} = ${parentAlias}.${qi(c)}`
    : `${childAlias}.${qi(c)} = ${parentAlias}.${qi(fk.refColumns[i])}`).join(' and ');
}

function embedSql(ctx: Ctx, rel: Rel, parentAlias: string, items: SelectItem[], path: string, parentRows: number): { value: string; exists: () => string } {
  const a = `t${++ctx.n}`;
  const o = optsFor(ctx, path);
  checkEmbedDepth(path.split('.').length, path);
  const perParent = rel.kind === 'm2o' ? 1 : embedRowsPerParent(path, o.limit);
  const rows = parentRows * perParent;
  ctx.budget.add(path, rows);
  const from = `${qi(rel.target.schema)}.${qi(rel.target.name)} as ${a}`;
  const proj = projection(ctx, rel.target, a, items.length ? items : [{ kind: 'star' }], path, rows);
  const conds = [joinCond(rel, parentAlias, a), ...o.filters.map((f) => filterSql(rel.target, a, f, ctx.p)), ...proj.inner];
  const where = ` where ${conds.join(' and ')}`;
  const e = `_e${a}`;
  const cols = proj.cols.join(', ');
  let value: string;
  if (rel.kind === 'm2o') {
    value = `(select row_to_json(${e}) from (select ${cols} from ${from}${where} limit 1) ${e})`;
  } else {
    const page = ` limit ${ctx.p.add(perParent)}${o.offset != null ? ` offset ${ctx.p.add(o.offset)}` : ''}`;
    value = `(select coalesce(json_agg(${e}), '[]') from (select ${cols} from ${from}${where}${orderSql(rel.target, a, o.order, ctx.p)}${page}) ${e})`;
  }
  return { value, exists: () => existsFor(ctx, rel, parentAlias, items, path) };
}

/** !inner: the parent row needs a matching child (same join and filters; nested !inner embeds included). */
function existsFor(ctx: Ctx, rel: Rel, parentAlias: string, items: SelectItem[], path: string): string {
  checkEmbedDepth(path.split('.').length, path);
  const a = `t${++ctx.n}`;
  const o = optsFor(ctx, path);
  const conds = [joinCond(rel, parentAlias, a), ...o.filters.map((f) => filterSql(rel.target, a, f, ctx.p)), ...innerOnly(ctx, rel.target, a, items, path)];
  return `exists (select 1 from ${qi(rel.target.schema)}.${qi(rel.target.name)} as ${a} where ${conds.join(' and ')})`;
}

/** The exists() conditions of the !inner embeds of one level, without building projections. */
function innerOnly(ctx: Ctx, t: Table, alias: string, items: SelectItem[], path: string): string[] {
  const out: string[] = [];
  for (const it of items) {
    if (it.kind !== 'embed' || !it.inner) continue;
    const key = it.alias ?? it.name;
    out.push(existsFor(ctx, resolveEmbed(ctx.cache, t, it.name, it.hint), alias, it.items, path ? `${path}.${key}` : key));
  }
  return out;
}


/**
 * Root read: `select count, json body from (select … from source t0 where … order … limit … offset …) _t`.
 * `source` is the table, or a CTE name for writes (then `withSql` holds the CTE and filters are already applied).
 */
export function buildRead(opts: {
  cache: SchemaCache; table: Table; items: SelectItem[]; paths: PathMap; p: Params;
  limit: number | null; offset: number; stripNulls: boolean;
  /** Replaces the table: `withSql` is prepended (a write CTE), `from` is a full `… as t0` clause. */
  source?: { withSql: string; from: string; filtered: boolean };
}): string {
  const { cache, table, items, paths, p } = opts;
  // Worst-case root rows: the page size, else (a write's returned rows, a scalar RPC) the row cap.
  const rootRows = opts.limit ?? MAX_ROOT_ROWS_ESTIMATE;
  const ctx: Ctx = { cache, p, paths, n: 0, budget: new RowBudget(rootRows) };
  const root = optsFor(ctx, '');
  const proj = projection(ctx, table, 't0', items, '', rootRows);
  const from = opts.source ? opts.source.from : `${qi(table.schema)}.${qi(table.name)} as t0`;
  const conds = [...(opts.source?.filtered ? [] : root.filters.map((f) => filterSql(table, 't0', f, p))), ...proj.inner];
  const where = conds.length ? ` where ${conds.join(' and ')}` : '';
  const order = orderSql(table, 't0', root.order, p);
  const page = `${opts.limit != null ? ` limit ${p.add(opts.limit)}` : ''}${opts.offset ? ` offset ${p.add(opts.offset)}` : ''}`;
  const agg = opts.stripNulls ? `json_strip_nulls(coalesce(json_agg(_t), '[]'))` : `coalesce(json_agg(_t), '[]')`;
  return `${opts.source?.withSql ? opts.source.withSql + ' ' : ''}select count(*)::int as n, ${agg}::text as body from (select ${proj.cols.join(', ')} from ${from}${where}${order}${page}) _t`;
}

/** Exact count of the rows a read matches (filters and !inner embeds), ignoring paging. */
export function buildCount(opts: { cache: SchemaCache; table: Table; items: SelectItem[]; paths: PathMap; p: Params; from?: string }): string {
  const ctx: Ctx = { cache: opts.cache, p: opts.p, paths: opts.paths, n: 0, budget: new RowBudget(0) };
  const root = optsFor(ctx, '');
  const conds = [...root.filters.map((f) => filterSql(opts.table, 't0', f, opts.p)), ...innerOnly(ctx, opts.table, 't0', opts.items, '')];
  return `select count(*)::int as n from ${opts.from ?? `${qi(opts.table.schema)}.${qi(opts.table.name)} as t0`}${conds.length ? ` where ${conds.join(' and ')}` : ''}`;
}

/** The where clause of a PATCH/DELETE (root filters only). */
export function writeWhere(table: Table, paths: PathMap, p: Params): string {
  const root = paths.get('') ?? emptyPath();
  const conds = root.filters.map((f) => filterSql(table, 't0', f, p));
  return conds.length ? ` where ${conds.join(' and ')}` : '';
}

export function insertSql(table: Table, cols: string[], rowsJson: string, p: Params, conflict: { cols: string[]; ignore: boolean } | null, returning: boolean): string {
  const tq = `${qi(table.schema)}.${qi(table.name)}`;
  const ret = returning ? ' returning t0.*' : '';
  if (cols.length === 0) return `insert into ${tq} as t0 default values${ret}`;
  const cl = cols.map(qi).join(', ');
  let s = `insert into ${tq} as t0 (${cl}) select ${cl} from json_populate_recordset(null::${tq}, ${p.add(rowsJson)}::json) _p`;
  if (conflict) {
    // PostgREST sets every payload column, the conflict columns included (so the row comes back).
    const set = cols;
    s += ` on conflict (${conflict.cols.map(qi).join(', ')}) do ` + (conflict.ignore || set.length === 0
      ? 'nothing'
      : `update set ${set.map((c) => `${qi(c)} = excluded.${qi(c)}`).join(', ')}`);
  }
  return s + ret;
}

export function updateSql(table: Table, cols: string[], rowJson: string, where: string, p: Params, returning: boolean): string {
  const tq = `${qi(table.schema)}.${qi(table.name)}`;
  const param = p.add(rowJson);
  return `update ${tq} as t0 set ${cols.map((c) => `${qi(c)} = _p.${qi(c)}`).join(', ')} from json_populate_record(null::${tq}, ${param}::json) _p${where}${returning ? ' returning t0.*' : ''}`;
}

export function deleteSql(table: Table, where: string, returning: boolean): string {
  return `delete from ${qi(table.schema)}.${qi(table.name)} as t0${where}${returning ? ' returning t0.*' : ''}`;
}

/** Pick the overload whose argument names fit the given keys. */
export function pickFunc(cache: SchemaCache, name: string, keys: string[]): Func {
  const list = cache.funcs.get(name) ?? [];
  const fit = list.filter((f) => keys.every((k) => f.args.some((a) => a.name === k)) && f.args.every((a) => a.hasDefault || keys.includes(a.name)));
  if (fit.length === 0) {
    throw restError(404, 'PGRST202', `Could not find the function public.${name}${keys.length ? `(${[...keys].sort().join(', ')})` : ' without parameters'} in the schema cache`,
      `Searched for the function public.${name}${keys.length ? ` with parameters ${[...keys].sort().join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`, null);
  }
  if (fit.length > 1) {
    const exact = fit.filter((f) => f.args.length === keys.length);
    if (exact.length === 1) return exact[0];
    throw restError(300, 'PGRST203', `Could not choose the best candidate function between: ${fit.map((f) => `public.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }
  return fit[0];
}

/** `from json_to_record($1::json) as _a(…)` + the call expression with named arguments. */
export function rpcCall(f: Func, keys: string[], argsJson: string, p: Params): { from: string; call: string } {
  const used = f.args.filter((a) => keys.includes(a.name));
  const call = `${qi('public')}.${qi(f.name)}(${used.map((a) => `${qi(a.name)} := _a.${qi(a.name)}`).join(', ')})`;
  const from = used.length ? `json_to_record(${p.add(argsJson)}::json) as _a(${used.map((a) => `${qi(a.name)} ${a.type}`).join(', ')})` : '';
  return { from, call };
}

/** A Table-shaped view of a composite RPC result, so select/filter/order reuse the table code. */
export function rpcResultTable(f: Func): Table {
  const columns = new Map((f.returnColumns ?? []).map((c) => [c, { name: c, type: 'unknown', udt: 'unknown', nullable: true, hasDefault: false, defaultExpr: null }]));
  return { name: f.name, schema: 'public', kind: 'view', columns, pk: [] };
}
