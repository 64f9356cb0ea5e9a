// The zone or team whose points the sidebar shows (Par zone / Par équipe once one is chosen), so that 'Exporter'
// starts from the filter on screen. Set by the panels; null on the 'Tout' tab or the group lists.
import { atom } from 'jotai';
import { resetAtSignOut } from './signOutReset';

export type SidebarGroup = { kind: 'zone'; id: string } | { kind: 'team'; id: string | 'none' } | null;
export const sidebarGroupAtom = resetAtSignOut(atom<SidebarGroup>(null));
