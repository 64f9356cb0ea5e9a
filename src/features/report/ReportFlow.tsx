// The route report flow, open while modeAtom === 'report' (SPEC §4): form (points loaded fresh), then the report view;
// closing either returns to view.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { Point, ReportRequest, ReportResult } from '../../core/types';
import { modeAtom } from '../../state/mode';
import { requestModeAtom } from '../../state/modeActions';
import { criticalityLevelsAtom, markersAtom, zonesAtom } from '../../state/data';
import { loadReportPoints, runReport } from '../../state/reportActions';
import { ReportForm, type PointsLoad } from './ReportForm';
import { ReportView } from './ReportView';
import { FORM_TEXT } from './strings';
import { toast } from '../../ui';
import './report.css';

export function ReportFlow() {
  const mode = useAtomValue(modeAtom);
  return mode === 'report' ? <ReportSession /> : null;
}

function ReportSession() {
  const zones = useAtomValue(zonesAtom);
  const markers = useAtomValue(markersAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const requestMode = useSetAtom(requestModeAtom);
  const [load, setLoad] = useState<PointsLoad>({ state: 'loading', loaded: 0 });
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ report: ReportResult; at: Date } | null>(null);
  const points = useRef<Point[]>([]);
  const alive = useRef(true);

  const loadPoints = useCallback(() => {
    setLoad({ state: 'loading', loaded: 0 });
    loadReportPoints((loaded) => { if (alive.current) setLoad({ state: 'loading', loaded }); })
      .then((pts) => { points.current = pts; if (alive.current) setLoad({ state: 'ready', count: pts.length }); })
      .catch((err) => { console.error('report points load failed', err); if (alive.current) setLoad({ state: 'error' }); });
  }, []);
  useEffect(() => { alive.current = true; loadPoints(); return () => { alive.current = false; }; }, [loadPoints]);

  const close = () => requestMode('view');
  const submit = async (request: ReportRequest) => {
    setBusy(true);
    try {
      const report = await runReport(request, zones, points.current);
      if (alive.current) setResult({ report, at: new Date() });
    } catch (err) {
      console.error('report classification failed', err);
      if (alive.current) toast(FORM_TEXT.classifyFailed, 'error');
    } finally {
      if (alive.current) setBusy(false);
    }
  };

  if (result) return <ReportView report={result.report} levels={levels} generatedAt={result.at} onClose={close} />;
  return <ReportForm zones={zones} markers={markers} load={load} busy={busy} onRetryLoad={loadPoints} onSubmit={submit} onClose={close} />;
}
