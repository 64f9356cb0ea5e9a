// Strict JSON for /rest/v1 bodies: the handler re-serialises what it parsed, so a number JavaScript cannot hold
// (1e400 → Infinity) would silently become null. Such a body is refused like any invalid JSON (PostgreSQL's
// numeric would take it, then the column type or check would refuse it: a 400 either way).

export class NonFiniteNumber extends Error {}

/** JSON.parse that throws SyntaxError on invalid JSON and NonFiniteNumber on an out-of-range number. */
export function parseStrictJson(raw: string): unknown {
  return JSON.parse(raw, (_key, value: unknown) => {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new NonFiniteNumber('number out of range');
    return value;
  });
}
