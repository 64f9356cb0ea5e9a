// The dashboard: open or not, its line choice (the line shown or every line), period and team filter; the
// status filter is the sidebar's. Loads the statistics through src/data and reloads them when the points change.
import { atom } from 'jotai';
import { fetchDashboard } from '../data/dashboardRepository';
import type { AgeBucket, DashboardPeriod, DashboardStats } from '../core/dashboard/stats';
import { sidebarTabAtom, statusFilterAtom } from './filters';
import { sidebarOpenAtom } from './panels';
import { activeLineAtom } from './tables';
import { selectLine } from './lineActions';
import { jumpToPk } from './search';
import { store } from './store';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';
import { dashboardOpenAtom } from './dashboardOpen';
import { listAgeFilterAtom } from './listAgeFilter';
import { resetAtSignOut } from './signOutReset';

export { dashboardOpenAtom };

export const dashboardPeriodAtom = resetAtSignOut(atom<DashboardPeriod>(30));
export const dashboardAllLinesAtom = resetAtSignOut(atom<boolean>(false));
/** null: every team; else team ids (the nil uuid: no team). */
export const dashboardTeamsAtom = resetAtSignOut(atom<string[] | null>(null));

export type DashboardLoad = { state: 'idle' | 'loading' } | { state: 'ready'; stats: DashboardStats } | { state: 'error'; message: string };
export const dashboardLoadAtom = resetAtSignOut(atom<DashboardLoad>({ state: 'idle' }));

/** The statuses the sidebar filter keeps ('tous': the open ones, i.e. no narrowing). */
function statusesOf(filter: string): string[] | null {
  return filter === 'tous' || filter === 'resolu' ? null : [filter];
}

/** The session's latest dashboard request: a newer one wins over an older one (and none lands after the session). */
const dashboardPart = definePart('dashboard', () => ({ requestNo: 0 }));

/** Fetches the statistics for the current choices; a newer request wins over an older one. */
export async function loadDashboard(): Promise<void> {
  const scope = currentSession();
  const d = scope.part(dashboardPart);
  const no = ++d.requestNo;
  const previous = store.get(dashboardLoadAtom);
  if (previous.state !== 'ready') store.set(dashboardLoadAtom, { state: 'loading' });
  try {
    const stats = await fetchDashboard({
      lineId: store.get(dashboardAllLinesAtom) ? null : store.get(activeLineAtom)?.id ?? null,
      days: store.get(dashboardPeriodAtom),
      statuses: statusesOf(store.get(statusFilterAtom)),
      teamIds: store.get(dashboardTeamsAtom),
    });
    if (no === d.requestNo && scope.active) store.set(dashboardLoadAtom, { state: 'ready', stats });
  } catch (e) {
    if (no === d.requestNo && scope.active) store.set(dashboardLoadAtom, { state: 'error', message: (e as { message?: string }).message ?? String(e) });
  }
}

/** Closes the dashboard and shows the map at the middle of a 1-km stretch of a line. */
export async function openStretch(lineId: string, km: number): Promise<string | null> {
  store.set(dashboardOpenAtom, false);
  if (store.get(activeLineAtom)?.id !== lineId) await selectLine(lineId);
  return jumpToPk(km + 0.5);
}

/**
 * An age bar (bucket × criticality) of the line shown: closes the dashboard and opens the sidebar's 'Tout' list on
 * those open anomalies (the dashboard's team filter and the status filter kept; 'Résolues' gives way to the open ones).
 */
export function openAgeList(bucket: AgeBucket, criticality: string): void {
  store.set(listAgeFilterAtom, { bucket, criticality, teamIds: store.get(dashboardTeamsAtom), now: Date.now() });
  if (store.get(statusFilterAtom) === 'resolu') store.set(statusFilterAtom, 'tous');
  store.set(sidebarTabAtom, 'tout');
  store.set(dashboardOpenAtom, false);
  store.set(sidebarOpenAtom, true);
}
