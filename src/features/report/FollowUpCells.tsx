// The 'Assigné à' and 'Échéance' texts of a report row (docs/product.md#report-view), shared by the on-screen list
// and the print tables: the assignee's e-mail (a line may break after its '@', never inside a word) or '—', and the
// due time or 'En retard de 2 j' as of the report's time, the late one marked.
import { dueCell, isLate } from '../../core/followUp/deadline';
import type { PointStatus } from '../../core/types';
import { REPORT_TEXT } from './strings';

export function AssigneeText({ name }: { name: string | null | undefined }) {
  if (!name) return <>{REPORT_TEXT.none}</>;
  const at = name.indexOf('@');
  return at < 0 ? <>{name}</> : <>{name.slice(0, at + 1)}<wbr />{name.slice(at + 1)}</>;
}

export function DueText({ dueAt, status, now }: { dueAt: string | null | undefined; status: PointStatus; now: number }) {
  const text = dueCell({ dueAt, status }, now);
  return isLate({ dueAt, status }, now) ? <span className="report-late">{text}</span> : <>{text}</>;
}
