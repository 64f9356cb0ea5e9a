// Edit conflicts between two versions of one row: what changed meanwhile field by field, the user's
// choice per field (keep mine, take theirs, merge a text), and a three-way text merge. Pure: used by the
// conflict dialog of the app and by the offline outbox when a queued update meets a newer version.

/** Deep equality of JSON-like values (strings, numbers, null, arrays, plain objects such as a position). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => sameValue(x, bb[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

export interface FieldDiff<K extends string = string> {
  field: K;
  base: unknown; mine: unknown; theirs: unknown;
  /** The user changed it from the version they started from. */
  mineChanged: boolean;
  /** Someone else changed it meanwhile. */
  theirsChanged: boolean;
  /** Both changed it, to different values: the user has to choose. */
  conflict: boolean;
}

/**
 * Every field that someone else changed meanwhile (theirs differs from base) or that the user changed, in the
 * order of `fields`. Fields changed by nobody are left out.
 */
export function diffVersions<T extends object, K extends keyof T & string>(base: T, mine: T, theirs: T, fields: readonly K[]): FieldDiff<K>[] {
  const out: FieldDiff<K>[] = [];
  for (const field of fields) {
    const b = base[field], m = mine[field], t = theirs[field];
    const mineChanged = !sameValue(b, m);
    const theirsChanged = !sameValue(b, t);
    if (!mineChanged && !theirsChanged) continue;
    out.push({ field, base: b, mine: m, theirs: t, mineChanged, theirsChanged, conflict: mineChanged && theirsChanged && !sameValue(m, t) });
  }
  return out;
}

export type Choice = 'mine' | 'theirs' | 'merge';

/** The choice offered by default: both changed → mine (the user's work is never dropped silently); else the changed side. */
export function defaultChoice(d: FieldDiff): Choice {
  if (d.conflict) return 'mine';
  return d.theirsChanged ? 'theirs' : 'mine';
}

/**
 * The values to save: theirs for every field, then each differing field as chosen (default `defaultChoice`).
 * 'merge' applies to text fields (three-way merge of base, mine and theirs; a string field only).
 */
export function resolveConflict<T extends object, K extends keyof T & string>(
  base: T, mine: T, theirs: T, fields: readonly K[], choices: Partial<Record<K, Choice>> = {},
): T {
  const out = { ...theirs };
  for (const d of diffVersions(base, mine, theirs, fields)) {
    const choice = choices[d.field] ?? defaultChoice(d);
    if (choice === 'mine') out[d.field] = d.mine as T[K];
    else if (choice === 'theirs') out[d.field] = d.theirs as T[K];
    else out[d.field] = mergeText(String(d.base ?? ''), String(d.mine ?? ''), String(d.theirs ?? '')).text as T[K];
  }
  return out;
}

// ---- three-way text merge ---------------------------------------------------------------------------------

/** Words and the whitespace between them, so that joining the tokens gives the text back exactly. */
const tokenize = (s: string): string[] => s.split(/(\s+)/).filter((t) => t !== '');

/** For each index of `a`, the index of `b` it is matched to by a longest common subsequence, or -1. */
function lcsMatch(a: string[], b: string[]): number[] {
  const n = a.length, m = b.length;
  const len: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) {
    len[i][j] = a[i] === b[j] ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  }
  const match = new Array<number>(n).fill(-1);
  let i = 0, j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) { match[i] = j; i++; j++; }
    else if (len[i + 1][j] >= len[i][j + 1]) i++;
    else j++;
  }
  return match;
}

const eqTokens = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export interface MergeResult { text: string; /** Both sides changed the same passage differently: both were kept. */ conflicts: number }

/**
 * Three-way merge of a text (diff3 on words): changes made on one side only are combined; where both sides
 * changed the same passage differently, the user's passage comes first, then the other's, separated by ' / '.
 */
export function mergeText(base: string, mine: string, theirs: string): MergeResult {
  if (mine === theirs) return { text: mine, conflicts: 0 };
  if (mine === base) return { text: theirs, conflicts: 0 };
  if (theirs === base) return { text: mine, conflicts: 0 };
  const B = tokenize(base), M = tokenize(mine), T = tokenize(theirs);
  const mi = lcsMatch(B, M), ti = lcsMatch(B, T);
  const out: string[] = [];
  let conflicts = 0;
  let b = 0, m = 0, t = 0;
  while (b < B.length || m < M.length || t < T.length) {
    let i = b;
    while (i < B.length && (mi[i] < 0 || ti[i] < 0)) i++;
    const mEnd = i < B.length ? mi[i] : M.length, tEnd = i < B.length ? ti[i] : T.length;
    if (i === b && mEnd === m && tEnd === t) { out.push(B[b]); b++; m++; t++; continue; }
    const bc = B.slice(b, i), mc = M.slice(m, mEnd), tc = T.slice(t, tEnd);
    if (eqTokens(mc, bc)) out.push(...tc);
    else if (eqTokens(tc, bc) || eqTokens(mc, tc)) out.push(...mc);
    else {
      conflicts++;
      const mineText = mc.join('').trim(), theirText = tc.join('').trim();
      const lead = mc.length && /^\s/.test(mc[0]) ? mc[0] : '', trail = mc.length && /^\s+$/.test(mc[mc.length - 1]) ? mc[mc.length - 1] : '';
      out.push(lead + [mineText, theirText].filter(Boolean).join(' / ') + trail);
    }
    b = i; m = mEnd; t = tEnd;
  }
  return { text: out.join(''), conflicts };
}
