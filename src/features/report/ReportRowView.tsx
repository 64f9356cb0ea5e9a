// One anomaly of the on-screen report (a virtual row): PK, status and criticality from the index arrays at once; the
// label, description, team, assignee, due time, ticket and photos (thumbnails) from the details cache, with a placeholder until they arrive.
import { observationLabel } from '../../core/observedAt';
import { memo } from 'react';
import { STATUS_LABELS } from '../../core/constants';
import { formatKm } from '../../core/format';
import { NO_TEAM, reportPointId, STATUS_CODES, type PointDetails, type ReportPointIndex } from '../../core/report/reportIndex';
import type { CriticalityLevel, Team } from '../../core/types';
import { rowPhotos } from '../../core/photos/listed';
import { ReportPhotos } from './ReportPhotos';
import { REPORT_TEXT } from './strings';
import { AssigneeText, DueText } from './FollowUpCells';

export interface ReportRowViewProps {
  index: ReportPointIndex;
  point: number;
  details: PointDetails | undefined;
  levels: readonly CriticalityLevel[];
  teams: readonly Team[];
  /** The report's time (its 'Généré le'): lateness is as of then. */
  now: number;
}

export const ReportRowView = memo(function ReportRowView({ index, point, details, levels, teams, now }: ReportRowViewProps) {
  const status = STATUS_CODES[index.status[point]];
  const levelId = index.criticalityKeys[index.criticality[point]];
  const level = levels.find((l) => l.id === levelId);
  const t = index.team[point];
  const teamName = details?.teamName ?? (t === NO_TEAM ? null : teams.find((x) => x.id === index.teamKeys[t])?.name ?? null);
  const pending = !details;
  const cell = (label: string, content: React.ReactNode, className = '') => (
    <div role="cell" className={`report-vcell ${className}`} data-label={label}>{content}</div>
  );
  const wait = <span className="report-pending" aria-label={REPORT_TEXT.loadingRow}>…</span>;
  return (
    <div role="row" className={`report-row report-vrow${pending ? ' report-vrow-pending' : ''}`} data-point-id={reportPointId(index, point)}>
      {cell(REPORT_TEXT.colPk, formatKm(index.km[point]), 'report-pk')}
      {cell(REPORT_TEXT.colLabel, pending ? wait : details.name, 'report-label')}
      {cell(REPORT_TEXT.colDescription, pending ? wait : <>{details.description}{details.observedAt && <span className="report-observed">{observationLabel(details.observedAt, details.createdAt)}</span>}</>, 'report-desc')}
      {cell(REPORT_TEXT.colStatus, STATUS_LABELS[status] ?? status)}
      {cell(REPORT_TEXT.colCriticality, <span className="badge report-level" style={{ borderColor: level?.color }}><span className="crit-dot" style={{ background: level?.color }} aria-hidden="true" />{level?.name ?? levelId}</span>)}
      {cell(REPORT_TEXT.colTeam, teamName ?? REPORT_TEXT.noTeam)}
      {cell(REPORT_TEXT.colAssignee, pending ? wait : <AssigneeText name={details.assigneeName} />, 'report-assignee')}
      {cell(REPORT_TEXT.colDue, pending ? wait : <DueText dueAt={details.dueAt} status={status} now={now} />, 'report-due')}
      {cell(REPORT_TEXT.colTicket, pending ? wait : details.ticketNumber || REPORT_TEXT.none)}
      {cell(REPORT_TEXT.colPhoto, pending ? wait : <ReportPhotos photos={rowPhotos(details.photos, details.imageUrl)} name={details.name} />, 'report-photo')}
    </div>
  );
});

/** The column titles under each section heading (desktop; phones show labelled cards). */
export function ReportColumnHeads() {
  const cols = [REPORT_TEXT.colPk, REPORT_TEXT.colLabel, REPORT_TEXT.colDescription, REPORT_TEXT.colStatus, REPORT_TEXT.colCriticality, REPORT_TEXT.colTeam, REPORT_TEXT.colAssignee, REPORT_TEXT.colDue, REPORT_TEXT.colTicket, REPORT_TEXT.colPhoto];
  return <div role="row" className="report-vrow report-vhead">{cols.map((c) => <div key={c} role="columnheader" className="report-vcell">{c}</div>)}</div>;
}
