// bulk_update_points on PGlite in slices: PGlite has one session, so one request of 10,000 points held every other
// request for seconds. The embedded server runs such a request as consecutive transactions of BULK_SLICE_IDS ids
// (the groups' `set` kept as sent, ids and versions cut in order); the others' requests queued meanwhile run between
// two slices. The answers' lists are concatenated into one answer of the same shape. What the whole request may be
// refused for is checked first, before anything is written: the shape, the count and duplicates here (else the
// request goes to the database whole and is refused there), then in one rolled-back transaction every id and version
// as the database reads them (private.bulk_request of the whole request) and the values of each group by a call with
// one of its ids per slice (a value is checked on a row that exists). A slice that fails afterwards (its time limit, the server stopping) leaves the slices before it written,
// each row at its stated version as always: the caller's next read shows them. On PostgreSQL the request stays one
// transaction (other sessions are not held).

/** Ids per slice: small enough that a colleague's read waits for one slice, not for the whole change. */
export const BULK_SLICE_IDS = 250;
/** What public.bulk_update_points accepts at most (src/core/bulk/plan.ts BULK_MAX_PER_REQUEST). */
const BULK_MAX_IDS = 10_000;

type Group = Record<string, unknown> & { ids: unknown[]; versions: unknown[] };

function groupsOf(changes: unknown): Group[] | null {
  if (!Array.isArray(changes)) return null;
  for (const g of changes) {
    if (!g || typeof g !== 'object' || Array.isArray(g)) return null;
    const { ids, versions } = g as Record<string, unknown>;
    if (!Array.isArray(ids) || !Array.isArray(versions) || ids.length !== versions.length || ids.length === 0) return null;
    if (!ids.every((id) => typeof id === 'string')) return null;
  }
  return changes as Group[];
}

/**
 * The slices of a p_changes value (each an array of groups holding at most `size` ids), or null when it is not to
 * be sliced: not the expected shape, at most `size` ids, over the maximum, or an id named twice.
 */
export function sliceBulkChanges(changes: unknown, size = BULK_SLICE_IDS): Group[][] | null {
  const groups = groupsOf(changes);
  if (!groups) return null;
  const total = groups.reduce((n, g) => n + g.ids.length, 0);
  if (total <= size || total > BULK_MAX_IDS) return null;
  const seen = new Set<string>();
  for (const g of groups) for (const id of g.ids as string[]) {
    const k = id.toLowerCase();
    if (seen.has(k)) return null;
    seen.add(k);
  }
  const slices: Group[][] = [];
  let cur: Group[] = [];
  let n = 0;
  for (const g of groups) {
    for (let i = 0; i < g.ids.length;) {
      const take = Math.min(size - n, g.ids.length - i);
      cur.push({ ...g, ids: g.ids.slice(i, i + take), versions: g.versions.slice(i, i + take) });
      n += take;
      i += take;
      if (n === size) { slices.push(cur); cur = []; n = 0; }
    }
  }
  if (cur.length) slices.push(cur);
  return slices;
}

/** One id (and its version) of each group of each slice: the rolled-back check of the groups' values. */
export function oneOfEachGroup(slices: Group[][]): Group[] {
  return slices.flatMap((slice) => slice.map((g) => ({ ...g, ids: g.ids.slice(0, 1), versions: g.versions.slice(0, 1) })));
}

/** The answers of the slices as one: every list concatenated in slice order, anything else from the first. */
export function mergeBulkAnswers(answers: Record<string, unknown>[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of answers) {
    for (const [k, v] of Object.entries(a)) {
      if (Array.isArray(v)) out[k] = [...((out[k] as unknown[] | undefined) ?? []), ...v];
      else if (!(k in out)) out[k] = v;
    }
  }
  return out;
}
