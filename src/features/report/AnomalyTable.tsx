// The anomalies of one report section: PK, label, description, status, criticality, team, assignee, due time, ticket,
// photo thumbnails (`photos` by point id; a point not in it shows its single photo).
import { observationLabel, receivedLater } from '../../core/observedAt';
import type { CriticalityLevel, Point } from '../../core/types';
import { STATUS_LABELS } from '../../core/constants';
import { formatKm } from '../../core/format';
import { rowPhotos, type ListedPhoto } from '../../core/photos/listed';
import { ReportPhotos } from './ReportPhotos';
import { REPORT_TEXT } from './strings';
import { AssigneeText, DueText } from './FollowUpCells';

/** A report row: the point and its assignee's e-mail. */
export type ReportPoint = Point & { assigneeName?: string | null };

export function AnomalyTable({ points, photos, levels, now }: { points: readonly ReportPoint[]; photos?: ReadonlyMap<string, ListedPhoto[]>; levels: readonly CriticalityLevel[]; now: number }) {
  const levelOf = (id: string) => levels.find((l) => l.id === id);
  return (
    <div className="report-table-wrap">
      <table className="report-table">
        <thead>
          <tr>
            <th scope="col">{REPORT_TEXT.colPk}</th><th scope="col">{REPORT_TEXT.colLabel}</th>
            <th scope="col">{REPORT_TEXT.colDescription}</th><th scope="col">{REPORT_TEXT.colStatus}</th>
            <th scope="col">{REPORT_TEXT.colCriticality}</th><th scope="col">{REPORT_TEXT.colTeam}</th>
            <th scope="col" className="report-assignee">{REPORT_TEXT.colAssignee}</th><th scope="col" className="report-due">{REPORT_TEXT.colDue}</th>
            <th scope="col">{REPORT_TEXT.colTicket}</th><th scope="col">{REPORT_TEXT.colPhoto}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => {
            const level = levelOf(p.criticality);
            return (
              <tr key={p.id} className="report-row">
                <td className="report-pk" data-label={REPORT_TEXT.colPk}>{formatKm(p.kmValue)}</td>
                <td className="report-label" data-label={REPORT_TEXT.colLabel}>{p.name}</td>
                <td className="report-desc" data-label={REPORT_TEXT.colDescription}>
                  {p.description}{p.observedAt && <span className={receivedLater(p.observedAt, p.creationDate) ? 'report-observed report-observed-late' : 'report-observed'}>{observationLabel(p.observedAt, p.creationDate)}</span>}
                </td>
                <td className="report-nowrap" data-label={REPORT_TEXT.colStatus}>{STATUS_LABELS[p.status] ?? p.status}</td>
                <td data-label={REPORT_TEXT.colCriticality}>
                  <span className="badge report-level" style={{ borderColor: level?.color }}><span className="crit-dot" style={{ background: level?.color }} aria-hidden="true" />{level?.name ?? p.criticality}</span>
                </td>
                <td data-label={REPORT_TEXT.colTeam}>{p.teamName ?? REPORT_TEXT.noTeam}</td>
                <td className="report-assignee" data-label={REPORT_TEXT.colAssignee}><AssigneeText name={p.assigneeName} /></td>
                <td className="report-due" data-label={REPORT_TEXT.colDue}><DueText dueAt={p.dueAt} status={p.status} now={now} /></td>
                <td className="report-nowrap" data-label={REPORT_TEXT.colTicket}>{p.ticketNumber || REPORT_TEXT.none}</td>
                <td className="report-photo" data-label={REPORT_TEXT.colPhoto}>
                  <ReportPhotos photos={rowPhotos(photos?.get(p.id), p.imageUrl)} name={p.name} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
