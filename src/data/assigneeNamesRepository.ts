// The assignees' e-mails of the route report (docs/product.md#report-view), from public.assignee_names: only members
// who are the assignee of a point the caller reads are named.
import { rpc } from './rpc';

/** Ids per call (the function reads at most this many). */
const NAMES_PAGE = 1000;

export async function fetchAssigneeNames(ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let k = 0; k < ids.length; k += NAMES_PAGE) {
    const { data, error } = await rpc('assignee_names', { p_ids: ids.slice(k, k + NAMES_PAGE) });
    if (error) throw error;
    for (const r of data ?? []) if (r.email) out.set(r.id, r.email);
  }
  return out;
}
