// The route report flow, open while modeAtom === 'route-report' (docs/product.md#report-form): form (ready at once from the loaded points), then
// the report view (classified and grouped in the worker, rows virtualised, details fetched as shown);
// closing either returns to view.
import { useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import type { ReportRequest } from '../../core/types';
import { modeAtom } from '../../state/mode';
import { requestMode } from '../../state/modeActions';
import { criticalityLevelsAtom, dataLoadingAtom, markersAtom, teamsAtom, zonesAtom } from '../../state/tables';
import { pointIndexAtom, pointsLoadProgressAtom } from '../../state/pointIndex';
import { planReport, releaseReportMemory, reportIndexReady, warmReportWorker } from '../../state/reportActions';
import { createDetailsCache } from '../../state/reportDetails';
import { reportPointId } from '../../core/report/reportIndex';
import { ReportForm, type PointsLoad } from './ReportForm';
import { ReportView } from './ReportView';
import type { ReportSession as Session } from './reportSession';
import { toast } from '../../ui';
import './report.css';

/** Rows whose details are fetched as soon as the plan is known (about a screen of them). */
const FIRST_ROWS = 32;

export function ReportFlow() {
  const mode = useAtomValue(modeAtom);
  return mode === 'route-report' ? <ReportSession /> : null;
}

function ReportSession() {
  const zones = useAtomValue(zonesAtom);
  const markers = useAtomValue(markersAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  const progress = useAtomValue(pointsLoadProgressAtom);
  const loading = useAtomValue(dataLoadingAtom) || progress.loading;
  const loadedCount = progress.loaded;
  const points = useAtomValue(pointIndexAtom);
  const [busy, setBusy] = useState(false);
  const [session, setSession] = useState<Session | null>(null);
  const alive = useRef(true);
  useEffect(() => { alive.current = true; return () => { alive.current = false; releaseReportMemory(); }; }, []);
  // Build the typed-array input (in steps) while the user fills the form, so 'Générer le rapport' does not pay for it.
  useEffect(() => {
    if (loading) return;
    const t = setTimeout(() => { warmReportWorker(); void reportIndexReady(); }, 50);
    return () => clearTimeout(t);
  }, [loading, points]);
  useEffect(() => () => session?.details.dispose(), [session]);

  const load: PointsLoad = loading ? { state: 'loading', loaded: loadedCount } : { state: 'ready', count: points.index.count };
  const close = () => requestMode('view');
  const planning = useRef(false); // one plan at a time, even for two clicks before 'busy' renders
  const submit = async (request: ReportRequest) => {
    if (planning.current) return;
    planning.current = true;
    setBusy(true);
    try {
      const r = await planReport(request, zones);
      if (!alive.current) return;
      if (!r.ok) { toast(r.message, 'error'); return; }
      const { plan, index } = r.value;
      const details = createDetailsCache();
      // The first rows' texts are asked for now, while the view renders (first rows sooner).
      details.request(Array.from(plan.rows.subarray(0, FIRST_ROWS), (i) => reportPointId(index, i)), { now: true });
      setSession({ request, plan, index, zones, levels, teams, generatedAt: new Date(), details });
    } finally {
      planning.current = false;
      if (alive.current) setBusy(false);
    }
  };

  if (session) return <ReportView session={session} onClose={close} />;
  return <ReportForm zones={zones} markers={markers} load={load} busy={busy} onSubmit={submit} onClose={close} />;
}
