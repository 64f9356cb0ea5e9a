// The query string of a /rest/v1 request as PostgREST reads it: root and embedded filters, order and paging.
import { parseField, parseLogic, parseNonNegInt, parseOpValue, parseOrder, type Filter } from './parse';
import { emptyPath, type PathMap, type PathOptions } from './sql';

/** Query parameters that are not filters. */
export const RESERVED = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'or', 'and', 'not.or', 'not.and']);

/** Root and embedded filters, order and paging from the query string. `skip`: RPC argument names. */
export function parseQuery(sp: URLSearchParams, skip: Set<string>): { paths: PathMap } {
  const paths: PathMap = new Map([['', emptyPath()]]);
  const at = (path: string): PathOptions => {
    let o = paths.get(path);
    if (!o) { o = emptyPath(); paths.set(path, o); }
    return o;
  };
  for (const [k, v] of sp) {
    if (skip.has(k) || k === 'select' || k === 'columns' || k === 'on_conflict') continue;
    let path = '', key = k;
    const m = RESERVED.has(k) ? null : /^(.+?)\.((?:not\.)?(?:or|and)|order|limit|offset)$/.exec(k);
    if (RESERVED.has(k)) key = k;
    else if (m && !m[1].includes('->')) { path = m[1]; key = m[2]; }
    else if (k.includes('.') && !k.includes('->')) { const i = k.lastIndexOf('.'); path = k.slice(0, i); key = k.slice(i + 1); }
    const o = at(path);
    if (key === 'order') o.order.push(...parseOrder(v));
    else if (key === 'limit') o.limit = parseNonNegInt('limit', v);
    else if (key === 'offset') o.offset = parseNonNegInt('offset', v);
    else if (/^(not\.)?(or|and)$/.test(key)) o.filters.push(parseLogic(key.endsWith('or') ? 'or' : 'and', key.startsWith('not.'), v) as Filter);
    else o.filters.push(parseOpValue(parseField(key), v, false));
  }
  return { paths };
}
