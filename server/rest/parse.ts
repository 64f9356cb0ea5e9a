// Parsers for PostgREST query syntax: select (embeds, aliases, json paths, casts), filters (`col=op.value`,
// `or=(…)`/`and=(…)` trees, `in.(…)` lists with quotes), order, Prefer. Pure: no SQL, no catalog.
import { restError } from '../http/errors';

export interface JsonStep { key: string | number; arrow: '->' | '->>' }
export interface Field { name: string; json: JsonStep[] }
export type SelectItem =
  | { kind: 'star' }
  | { kind: 'col'; field: Field; alias: string | null; cast: string | null }
  | { kind: 'embed'; name: string; alias: string | null; hint: string | null; inner: boolean; items: SelectItem[] };

export type FilterOp = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is' | 'in' | 'cs' | 'cd' | 'isdistinct';
export type Filter =
  | { kind: 'cond'; field: Field; negate: boolean; op: FilterOp; value: string | string[] }
  | { kind: 'and' | 'or'; negate: boolean; children: Filter[] };
export interface OrderTerm { field: Field; desc: boolean; nulls: 'first' | 'last' | null }

export const CASTS: Record<string, string> = {
  text: 'text', int: 'integer', int4: 'integer', integer: 'integer', int8: 'bigint', bigint: 'bigint', numeric: 'numeric',
  float: 'double precision', float8: 'double precision', bool: 'boolean', boolean: 'boolean', json: 'json', jsonb: 'jsonb',
  date: 'date', timestamptz: 'timestamptz', timestamp: 'timestamp', uuid: 'uuid',
};
const OPS = new Set<FilterOp>(['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in', 'cs', 'cd', 'isdistinct']);

export const parseError = (message: string, details: string | null = null) => restError(400, 'PGRST100', message, details);
/** Deepest accepted nesting of embeds or logic trees (bad input must never exhaust the stack). */
export const MAX_NESTING = 16;

/** Split on `sep` at depth 0, outside double quotes (backslash escapes inside quotes). */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0, quoted = false, cur = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '\\' && i + 1 < s.length) { cur += c + s[++i]; continue; }
      if (c === '"') quoted = false;
      cur += c;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') { depth--; if (depth < 0) throw parseError(`"failed to parse" (${s})`, `unexpected ")"`); }
    if (c === sep && depth === 0) { out.push(cur); cur = ''; continue; }
    cur += c;
  }
  if (quoted || depth !== 0) throw parseError(`"failed to parse" (${s})`, 'unbalanced quotes or parentheses');
  out.push(cur);
  return out;
}

function unquote(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** `name`, `"quoted name"`, `data->a->>0`. */
export function parseField(raw: string): Field {
  const s = raw.trim();
  const parts = s.split(/(->>|->)/);
  const name = unquote(parts[0]);
  if (!name) throw parseError(`"failed to parse field" (${raw})`);
  const json: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = unquote(parts[i + 1] ?? '');
    if (key === '') throw parseError(`"failed to parse json path" (${raw})`);
    json.push({ arrow: parts[i] as '->' | '->>', key: /^-?\d+$/.test(key) ? Number(key) : key });
  }
  return { name, json };
}

/** Alias prefix `alias:rest` (a single colon, not `::`). */
function splitAlias(s: string): [string | null, string] {
  const m = /^([^:"()]+|"[^"]+"):(?!:)(.*)$/s.exec(s);
  return m ? [unquote(m[1]), m[2]] : [null, s];
}

export function parseSelect(raw: string | null, depth = 0): SelectItem[] {
  const s = (raw ?? '*').trim();
  if (s === '') return [{ kind: 'star' }];
  if (depth > MAX_NESTING) throw parseError(`"failed to parse select parameter" (${raw})`, `embedding deeper than ${MAX_NESTING} levels`);
  return splitTop(s).map((part) => parseSelectItem(part.trim(), raw ?? '', depth));
}

function parseSelectItem(p: string, whole: string, depth: number): SelectItem {
  if (p === '') throw parseError(`"failed to parse select parameter" (${whole})`, 'empty select item');
  if (p === '*') return { kind: 'star' };
  const [alias, rest] = splitAlias(p);
  const open = rest.indexOf('(');
  if (open >= 0) {
    if (!rest.endsWith(')')) throw parseError(`"failed to parse select parameter" (${whole})`);
    const head = rest.slice(0, open);
    const inside = rest.slice(open + 1, -1);
    const [name, ...bangs] = head.split('!');
    let hint: string | null = null, inner = false;
    for (const b of bangs) {
      if (b === 'inner') inner = true;
      else if (b === 'left') inner = false;
      else if (b && hint === null) hint = b;
      else throw parseError(`"failed to parse select parameter" (${whole})`);
    }
    if (!name || name.startsWith('...')) throw parseError(`"failed to parse select parameter" (${whole})`, 'spread and aggregates are not supported');
    return { kind: 'embed', name: unquote(name), alias, hint, inner, items: inside.trim() === '' ? [] : parseSelect(inside, depth + 1) };
  }
  const castIdx = rest.lastIndexOf('::');
  let cast: string | null = null, fieldRaw = rest;
  if (castIdx > 0) {
    const c = rest.slice(castIdx + 2).trim();
    cast = CASTS[c] ?? null;
    if (!cast) throw parseError(`"failed to parse select parameter" (${whole})`, `unsupported cast ${c}`);
    fieldRaw = rest.slice(0, castIdx);
  }
  return { kind: 'col', field: parseField(fieldRaw), alias, cast };
}

/** The right-hand side of a filter: `[not.]op.value`. */
export function parseOpValue(field: Field, rhs: string, inTree: boolean): Filter {
  let negate = false, s = rhs;
  if (s.startsWith('not.')) { negate = true; s = s.slice(4); }
  const dot = s.indexOf('.');
  const op = (dot < 0 ? s : s.slice(0, dot)) as FilterOp;
  if (dot < 0 || !OPS.has(op)) throw parseError(`"failed to parse filter (${rhs})" (line 1, column 1)`, `unknown or malformed operator in ${rhs}`);
  let v = s.slice(dot + 1);
  if (op === 'in') {
    if (!v.startsWith('(') || !v.endsWith(')')) throw parseError(`"failed to parse filter (${rhs})" (line 1, column 1)`, 'in. expects a list in parentheses');
    const inner = v.slice(1, -1);
    const items = inner === '' ? [] : splitTop(inner).map((x) => unquote(x.trim()));
    return { kind: 'cond', field, negate, op, value: items };
  }
  if (inTree) v = unquote(v);
  if (op === 'is' && !['null', 'true', 'false', 'unknown', 'not_null'].includes(v.toLowerCase())) {
    throw parseError(`"failed to parse filter (${rhs})" (line 1, column 1)`, 'is. accepts null, true, false, unknown');
  }
  return { kind: 'cond', field, negate, op, value: v };
}

/** `(a.eq.1,and(b.gt.2,c.lt.3))` for the key `or`/`and`/`not.or`/`not.and`. */
export function parseLogic(kind: 'and' | 'or', negate: boolean, raw: string, depth = 0): Filter {
  const s = raw.trim();
  if (depth > MAX_NESTING) throw parseError(`"failed to parse logic tree (${raw})"`, `logic trees deeper than ${MAX_NESTING} levels`);
  if (!s.startsWith('(') || !s.endsWith(')')) throw parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expected a parenthesized list');
  const children = splitTop(s.slice(1, -1)).map((part) => parseTreeItem(part.trim(), raw, depth));
  if (children.length === 0) throw parseError(`"failed to parse logic tree (${raw})"`);
  return { kind, negate, children };
}

function parseTreeItem(p: string, whole: string, depth: number): Filter {
  const m = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
  if (m) return parseLogic(m[2] as 'and' | 'or', !!m[1], m[3], depth + 1);
  // field.op.value, where the field may contain json arrows but no dot
  const dot = p.indexOf('.');
  if (dot <= 0) throw parseError(`"failed to parse logic tree (${whole})" (line 1, column 1)`, `malformed condition ${p}`);
  return parseOpValue(parseField(p.slice(0, dot)), p.slice(dot + 1), true);
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw).map((t) => {
    const parts = t.trim().split('.');
    const field = parseField(parts[0]);
    let desc = false, nulls: OrderTerm['nulls'] = null;
    for (const p of parts.slice(1)) {
      if (p === 'desc') desc = true;
      else if (p === 'asc') desc = false;
      else if (p === 'nullsfirst') nulls = 'first';
      else if (p === 'nullslast') nulls = 'last';
      else throw parseError(`"failed to parse order (${raw})" (line 1, column 1)`, `unexpected ${p}`);
    }
    return { field, desc, nulls };
  });
}

export interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
}

export function parsePrefer(header: string | string[] | undefined): Prefer {
  const p: Prefer = { return: null, count: null, resolution: null, missingDefault: false };
  const all = (Array.isArray(header) ? header.join(',') : header ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  for (const item of all) {
    const [k, v] = item.split('=').map((x) => x.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) p.resolution = v;
    else if (k === 'missing' && v === 'default') p.missingDefault = true;
  }
  return p;
}

/** Integer query parameter (limit/offset); 400 when malformed. */
export function parseNonNegInt(name: string, v: string | null): number | null {
  if (v == null || v === '') return null;
  if (!/^\d+$/.test(v)) throw parseError(`"failed to parse ${name} parameter (${v})" (line 1, column 1)`);
  return Number(v);
}

/** `Range: 0-9` (items). */
export function parseRange(h: string | undefined): { offset: number; limit: number | null } | null {
  if (!h) return null;
  const m = /^(?:items=)?\s*(\d+)-(\d*)\s*$/.exec(h);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '' ? null : Number(m[2]);
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}
