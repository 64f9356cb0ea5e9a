// The dashboard (issue 23): open or not, its line choice (the line shown or every line), period and team filter; the
// status filter is the sidebar's. Loads the statistics through src/data and reloads them when the points change.
import { atom } from 'jotai';
import { fetchDashboard } from '../data/dashboardRepository';
import type { DashboardPeriod, DashboardStats } from '../core/dashboard/stats';
import { statusFilterAtom } from './filters';
import { activeLineAtom } from './tables';
import { selectLine } from './lineActions';
import { jumpToPk } from './search';
import { store } from './store';
import { dashboardOpenAtom } from './dashboardOpen';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';

export { dashboardOpenAtom };

export const dashboardPeriodAtom = atom<DashboardPeriod>(30);
export const dashboardAllLinesAtom = atom<boolean>(false);
/** null: every team; else team ids (the nil uuid: no team). */
export const dashboardTeamsAtom = atom<string[] | null>(null);

export type DashboardLoad = { state: 'idle' | 'loading' } | { state: 'ready'; stats: DashboardStats } | { state: 'error'; message: string };
export const dashboardLoadAtom = atom<DashboardLoad>({ state: 'idle' });

/** The statuses the sidebar filter keeps ('tous': the open ones, i.e. no narrowing). */
function statusesOf(filter: string): string[] | null {
  return filter === 'tous' || filter === 'resolu' ? null : [filter];
}

/** The session's dashboard requests: the last one asked wins. */
const requestsPart = definePart('dashboardRequests', () => ({ last: 0 }));

/** Fetches the statistics for the current choices; a newer request wins over an older one. */
export async function loadDashboard(): Promise<void> {
  const scope = currentSession();
  const requests = scope.part(requestsPart);
  const no = ++requests.last;
  const previous = store.get(dashboardLoadAtom);
  if (previous.state !== 'ready') store.set(dashboardLoadAtom, { state: 'loading' });
  try {
    const stats = await fetchDashboard({
      lineId: store.get(dashboardAllLinesAtom) ? null : store.get(activeLineAtom)?.id ?? null,
      days: store.get(dashboardPeriodAtom),
      statuses: statusesOf(store.get(statusFilterAtom)),
      teamIds: store.get(dashboardTeamsAtom),
    });
    if (scope.active && no === requests.last) store.set(dashboardLoadAtom, { state: 'ready', stats });
  } catch (e) {
    if (scope.active && no === requests.last) store.set(dashboardLoadAtom, { state: 'error', message: (e as { message?: string }).message ?? String(e) });
  }
}

/** Closes the dashboard and shows the map at the middle of a 1-km stretch of a line. */
export async function openStretch(lineId: string, km: number): Promise<string | null> {
  store.set(dashboardOpenAtom, false);
  if (store.get(activeLineAtom)?.id !== lineId) await selectLine(lineId);
  return jumpToPk(km + 0.5);
}
