// The app's first-open phases (src/platform/loadMarks.ts: User Timing marks rail:<phase>) read from the page after a
// load, in ms from the sign-in click: where an untraced open's time goes (sign-in, session, lines, first page, index
// adopted, first clusters, loaded). Older builds have no marks: an empty record.
import type { Page } from '@playwright/test';

export async function loadPhases(page: Page, t0: number): Promise<Record<string, number>> {
  const marks = await page.evaluate(() => performance.getEntriesByType('mark').filter((m) => m.name.startsWith('rail:')).map((m) => [m.name.slice(5), m.startTime] as const));
  return Object.fromEntries(marks.map(([name, at]) => [name, Math.round(at - t0)]));
}

/** 'session +412, lines +640, …' in the order they happened. */
export const formatPhases = (p: Record<string, number>): string =>
  Object.entries(p).sort((a, b) => a[1] - b[1]).map(([k, v]) => `${k} +${v}`).join(', ') || '(no marks in this build)';
