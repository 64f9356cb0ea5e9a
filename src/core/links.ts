// Shareable links: '/?point=<uuid>' opens a point, '/?pk=17.4' centres the map on a PK. Parsing is
// strict (a malformed id or PK is ignored) and building keeps every other part of the address.
import { parsePkQuery } from './pkQuery';

export type AppLink = { kind: 'point'; id: string } | { kind: 'pk'; km: number } | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The link a query string carries ('?point=…' wins over '?pk=…'), or null. */
export function parseAppLink(search: string): AppLink {
  const q = new URLSearchParams(search);
  const id = q.get('point');
  if (id !== null && UUID.test(id.trim())) return { kind: 'point', id: id.trim().toLowerCase() };
  const pk = q.get('pk');
  if (pk !== null) {
    const km = parsePkQuery(pk);
    if (km !== null) return { kind: 'pk', km };
  }
  return null;
}

/** The line a query string names ('?line=<uuid>'), or null. A point link opens the point's own line instead. */
export function lineOfLink(search: string): string | null {
  const id = new URLSearchParams(search).get('line');
  return id !== null && UUID.test(id.trim()) ? id.trim().toLowerCase() : null;
}

/** The absolute link to a line. */
export function lineLink(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, '')}/?line=${encodeURIComponent(id)}`;
}

/** The absolute link to a point, on the app's origin. */
export function pointLink(origin: string, id: string): string {
  return `${origin.replace(/\/+$/, '')}/?point=${encodeURIComponent(id)}`;
}

/** The absolute link to a PK ('.' as decimal separator: a comma would be escaped in the address). */
export function pkLink(origin: string, km: number): string {
  return `${origin.replace(/\/+$/, '')}/?pk=${km}`;
}

/** The same address without the link parameters (what the back button returns to). */
export function withoutLink(href: string): string {
  const u = new URL(href);
  u.searchParams.delete('point');
  u.searchParams.delete('pk');
  return u.pathname + (u.search === '?' ? '' : u.search) + u.hash;
}
