// The print-only body of the report: the chosen rows as real tables, one per
// zone, built only after the user confirmed the print (bounded by PRINT_MAX_ROWS). Hidden on screen.
import { OUTSIDE_ZONES } from '../../core/report/classify';
import { reportPointId, STATUS_CODES, type PointDetails } from '../../core/report/reportIndex';
import { formatKm } from '../../core/format';
import { rowPhotos } from '../../core/photos/listed';
import type { ReportPoint } from './AnomalyTable';
import type { PrintChoice } from './PrintDialog';
import { ReportSection } from './ReportSection';
import type { ReportSession } from './reportSession';
import { PRINT_TEXT } from './strings';

/** The rows of a print choice as points (index fields + fetched details), section by section. */
export function printSections(session: ReportSession, choice: PrintChoice, details: ReadonlyMap<string, PointDetails>) {
  const { index, zones } = session;
  return choice.plan.sections.map((s) => ({
    zone: s.zone === OUTSIDE_ZONES ? null : zones[s.zone],
    /** Each point's photos (thumbnails): its gallery's first ones, else its single photo. */
    photos: new Map([...choice.plan.rows.subarray(s.start, s.end)].map((i) => {
      const d = details.get(reportPointId(index, i));
      return [reportPointId(index, i), rowPhotos(d?.photos, d?.imageUrl ?? null)];
    })),
    points: [...choice.plan.rows.subarray(s.start, s.end)].map((i): ReportPoint => {
      const id = reportPointId(index, i);
      const d = details.get(id);
      const km = index.km[i];
      return {
        id, name: d?.name ?? '', description: d?.description ?? '', kilometer: '', kmValue: Number.isNaN(km) ? null : km,
        position: { x: index.xs[i], y: index.ys[i] }, imageUrl: d?.imageUrl ?? null, status: STATUS_CODES[index.status[i]],
        criticality: index.criticalityKeys[index.criticality[i]], ticketNumber: d?.ticketNumber ?? null, teamId: null,
        teamName: d?.teamName ?? null, creationDate: d?.createdAt ?? '', ...(d?.observedAt ? { observedAt: d.observedAt } : {}), createdBy: null,
        assigneeId: d?.assigneeId ?? null, dueAt: d?.dueAt ?? null, assigneeName: d?.assigneeName ?? null,
      };
    }),
  }));
}

export function PrintBody({ session, choice, sections }: { session: ReportSession; choice: PrintChoice; sections: ReturnType<typeof printSections> }) {
  return (
    <div className="report-print">
      {!choice.whole && <p className="report-print-range">{PRINT_TEXT.partial(formatKm(choice.start), formatKm(choice.end), choice.plan.rows.length)}</p>}
      {sections.map((s, k) => <ReportSection key={s.zone?.id ?? `outside-${k}`} zone={s.zone} points={s.points} photos={s.photos} levels={session.levels} now={session.generatedAt.getTime()} />)}
    </div>
  );
}
