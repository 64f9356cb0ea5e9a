// The dashboard's supervisor view (docs/product.md#supervisor-view): its rows for the dashboard's line choice, period
// and team filter, and the sidebar list a row opens (that assignee's or team's open points, 'En retard' pressed
// when the late cell was chosen).
import { atom } from 'jotai';
import { fetchSupervisorRows } from '../data/supervisorRepository';
import { idsOfPoints } from '../data/followFilterRepository';
import { splitSupervisorRows, supervisorListParams, type SupervisorGroup, type SupervisorRow } from '../core/dashboard/supervisor';
import { definePart } from '../core/session/scope';
import { dashboardAllLinesAtom, dashboardOpenAtom, dashboardPeriodAtom, dashboardTeamsAtom } from './dashboard';
import { sidebarTabAtom, statusFilterAtom } from './filters';
import { sidebarOpenAtom } from './panels';
import { listAgeFilterAtom } from './listAgeFilter';
import { followFilterAtom, toggleFollowFilter } from './followFilter';
import { supervisorListAtom } from './supervisorList';
import { activeLineAtom, activeLineId } from './tables';
import { currentSession } from './userSession';
import { store } from './store';
import { resetAtSignOut } from './signOutReset';

export type SupervisorLoad = { state: 'idle' | 'loading' | 'error' } | { state: 'ready'; assignees: SupervisorRow[]; teams: SupervisorRow[] };
export const supervisorLoadAtom = resetAtSignOut(atom<SupervisorLoad>({ state: 'idle' }));

const supervisorPart = definePart('supervisor', () => ({ requestNo: 0 }));

/** Reads the rows for the dashboard's current choices; a newer request wins over an older one. */
export async function loadSupervisor(): Promise<void> {
  const scope = currentSession();
  const d = scope.part(supervisorPart);
  const no = ++d.requestNo;
  if (store.get(supervisorLoadAtom).state !== 'ready') store.set(supervisorLoadAtom, { state: 'loading' });
  try {
    const rows = await fetchSupervisorRows({
      lineId: store.get(dashboardAllLinesAtom) ? null : store.get(activeLineAtom)?.id ?? null,
      days: store.get(dashboardPeriodAtom),
      teamIds: store.get(dashboardTeamsAtom),
    });
    if (no === d.requestNo && scope.active) store.set(supervisorLoadAtom, { state: 'ready', ...splitSupervisorRows(rows) });
  } catch (e) {
    console.warn('Suivi des responsables : lecture impossible', e);
    if (no === d.requestNo && scope.active) store.set(supervisorLoadAtom, { state: 'error' });
  }
}

/**
 * Closes the dashboard and opens the sidebar's 'Tout' list on the open points of the line shown that are assigned
 * to that member (or nobody) or given to that team (or none); late: with the 'En retard' filter.
 */
export async function openSupervisorList(kind: SupervisorGroup, id: string | null, name: string, late: boolean): Promise<void> {
  const teamIds = store.get(dashboardTeamsAtom);
  store.set(listAgeFilterAtom, null);
  if (store.get(statusFilterAtom) === 'resolu') store.set(statusFilterAtom, 'tous');
  const follow = store.get(followFilterAtom);
  if (late && follow?.kind !== 'late') void toggleFollowFilter('late');
  if (!late && follow) store.set(followFilterAtom, null);
  const lineId = activeLineId();
  const asked = { kind, id, name, late, lineId };
  store.set(supervisorListAtom, { ...asked, status: 'loading' });
  store.set(sidebarTabAtom, 'tout');
  store.set(dashboardOpenAtom, false);
  store.set(sidebarOpenAtom, true);
  const still = () => { const cur = store.get(supervisorListAtom); return cur?.kind === kind && cur.id === id; };
  try {
    const ids = await idsOfPoints(supervisorListParams(kind, id, teamIds), lineId);
    if (still()) store.set(supervisorListAtom, { ...asked, status: 'ready', ids });
  } catch (e) {
    console.warn('Liste du responsable : lecture impossible', e);
    if (still()) store.set(supervisorListAtom, { ...asked, status: 'error' });
  }
}
