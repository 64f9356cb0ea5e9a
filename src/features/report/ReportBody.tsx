// The content of the report view: information block, track chips, stat cards (computed from the index arrays), then
// the virtualised sections or the empty message. Memoised so Word-progress updates in the header never re-render it.
import { memo, useMemo } from 'react';
import { TRACK_LABELS } from '../../core/constants';
import { formatDateTimeFr } from '../../core/format';
import { planStats } from '../../core/report/plan';
import { effectiveTracks } from '../../core/report/rules';
import { StatCards } from './StatCards';
import { VirtualReport } from './VirtualReport';
import type { ReportSession } from './reportSession';
import { REPORT_TEXT } from './strings';

export const ReportBody = memo(function ReportBody({ session }: { session: ReportSession }) {
  const stats = useMemo(() => planStats(session.plan, session.index), [session]);
  const tracks = effectiveTracks(session.request.selectedTracks);
  return (
    <>
      <div className="report-info">
        <p>{REPORT_TEXT.info}</p>
        <p><strong>{REPORT_TEXT.generatedOn}</strong> {formatDateTimeFr(session.generatedAt)}</p>
        <div className="chips report-tracks-chips" aria-label={REPORT_TEXT.tracks}>
          {tracks.map((t) => <span key={t} className="chip chip-active">{TRACK_LABELS[t]}</span>)}
        </div>
      </div>
      <StatCards stats={stats} />
      {stats.unresolved === 0 ? <p className="report-empty">{REPORT_TEXT.empty}</p> : <VirtualReport session={session} />}
    </>
  );
});
