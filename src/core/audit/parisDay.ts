// The instant a calendar day starts in Europe/Paris ('2026-11-23' → '2026-11-22T23:00:00.000Z'), for date filters
// of the Journal whatever the browser's own time zone.
const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Paris', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});

/** Minutes Paris is ahead of UTC at the instant `ms` (60 in winter, 120 in summer). */
export function parisOffsetMinutes(ms: number): number {
  const p: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60000);
}

/** ISO instant of 00:00 in Paris on `day` (YYYY-MM-DD), plus `addDays`; null for an invalid day. */
export function parisDayStart(day: string, addDays = 0): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + addDays);
  if (!Number.isFinite(guess)) return null;
  let t = guess - parisOffsetMinutes(guess) * 60000;
  const again = guess - parisOffsetMinutes(t) * 60000; // across a DST change the offset at t may differ
  if (again !== t) t = again;
  return new Date(t).toISOString();
}
