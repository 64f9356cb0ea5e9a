// The sidebar list's supervisor filter: set by a row of the dashboard's supervisor view (src/state/supervisor.ts),
// the ids of the open points of one assignee or team of the line shown; shown as a chip above the 'Tout' list and
// cleared by its button. null: no such filter.
import { atom } from 'jotai';
import type { SupervisorGroup } from '../core/dashboard/supervisor';
import { resetAtSignOut } from './signOutReset';

/** lineId: the line whose points the ids are (the filter ends when another line is shown). */
interface Asked { kind: SupervisorGroup; id: string | null; name: string; late: boolean; lineId: string | null }
export type SupervisorListFilter = (Asked & { status: 'loading' | 'error' }) | (Asked & { status: 'ready'; ids: Set<string> });
export const supervisorListAtom = resetAtSignOut(atom<SupervisorListFilter | null>(null));
