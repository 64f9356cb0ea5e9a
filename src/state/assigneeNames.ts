// The assignees' names of the route report and its Word file (docs/product.md#report-view): e-mails kept for the
// session by member id, from the members already read for the 'Assigné à' picker, the signed-in member, and the
// server for the others; an id that cannot be read (offline, or not readable) is 'Membre inconnu'.
import { atom } from 'jotai';
import { UNKNOWN_MEMBER } from '../core/followUp/assignees';
import type { PointDetails } from '../core/report/reportIndex';
import { fetchAssigneeNames } from '../data/assigneeNamesRepository';
import { knownMembersAtom } from './members';
import { offlineAtom } from './offline/atoms';
import { profileAtom } from './session';
import { resetAtSignOut } from './signOutReset';
import { store } from './store';

const namesAtom = resetAtSignOut(atom<ReadonlyMap<string, string>>(new Map()));

/** The e-mail of each id that can be named (read from the server when not known yet). */
async function namesOf(ids: ReadonlySet<string>): Promise<ReadonlyMap<string, string>> {
  const known = new Map(store.get(namesAtom));
  for (const m of store.get(knownMembersAtom)) if (m.email) known.set(m.id, m.email);
  const me = store.get(profileAtom);
  if (me?.email) known.set(me.id, me.email);
  const missing = [...ids].filter((id) => !known.has(id));
  if (missing.length && !store.get(offlineAtom)) {
    try {
      const read = await fetchAssigneeNames(missing);
      for (const [id, email] of read) known.set(id, email);
      store.set(namesAtom, (m) => new Map([...m, ...read]));
    } catch (e) {
      console.warn('Assignés : noms illisibles pour le rapport', e);
    }
  }
  return known;
}

/** The details with their assignee's name set. */
export async function withAssigneeNames(details: PointDetails[]): Promise<PointDetails[]> {
  const ids = new Set<string>();
  for (const d of details) if (d.assigneeId) ids.add(d.assigneeId);
  if (!ids.size) return details;
  const names = await namesOf(ids);
  return details.map((d) => (d.assigneeId ? { ...d, assigneeName: names.get(d.assigneeId) ?? UNKNOWN_MEMBER } : d));
}
