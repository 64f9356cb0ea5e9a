// 'Exporter': choose CSV or GeoJSON and the filter (status, zone, team; the sidebar's status filter
// preselected), then the export runs in a worker and streams to the file with progress; it can be cancelled. It starts
// once the line shown is known (until then the line's export would read every line).
import { useMemo, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Download } from 'lucide-react';
import { Alert, Button, Dialog, ProgressBar, Select } from '../../ui';
import { activeLineAtom, manyLinesAtom, teamsAtom, zonesAtom } from '../../state/tables';
import { lineLabel } from '../../core/lines/filterLines';
import { offlineAtom } from '../../state/offline/atoms';
import { pointIndexAtom } from '../../state/pointIndex';
import { STATUS_CODE } from '../../core/pointIndex/types';
import { statusFilterAtom } from '../../state/filters';
import { sidebarGroupAtom } from '../../state/sidebarGroup';
import { lineKnownAtom } from '../../state/firstLoad';
import { startExport, type ExportFilter, type ExportFormat, type ExportRun, type ExportScope } from '../../state/exportActions';
import { STATUS_LABELS } from '../../core/constants';
import { bboxOf } from '../../core/geometry';
import { zoneContains } from '../../core/zoneContains';
import { zoneOptionLabels } from '../../core/zoneOptionLabels';
import type { PointStatus } from '../../core/types';
import { FIND_TEXT as T } from './strings';

type Phase = { kind: 'form' } | { kind: 'running'; read: number; written: number } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

export function ExportButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" className="export-button" icon={<Download size={16} aria-hidden="true" />} onClick={() => setOpen(true)}>{T.exportButton}</Button>
      {open && <ExportDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function ExportDialog({ onClose }: { onClose: () => void }) {
  const sidebarStatus = useAtomValue(statusFilterAtom);
  const offline = useAtomValue(offlineAtom);
  const group = useAtomValue(sidebarGroupAtom);
  const zones = useAtomValue(zonesAtom);
  const teams = useAtomValue(teamsAtom);
  const zoneLabels = useMemo(() => zoneOptionLabels(zones), [zones]);
  const points = useAtomValue(pointIndexAtom);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [status, setStatus] = useState<ExportFilter['status']>(sidebarStatus);
  const [zoneId, setZoneId] = useState(group?.kind === 'zone' ? group.id : '');
  const [teamId, setTeamId] = useState(group?.kind === 'team' ? group.id : '');
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const many = useAtomValue(manyLinesAtom);
  const line = useAtomValue(activeLineAtom);
  const ready = useAtomValue(lineKnownAtom);
  const [scope, setScope] = useState<ExportScope>('line');
  const allLines = many && scope === 'all';
  const run = useRef<ExportRun | null>(null);

  const expected = useMemo(() => {
    const zone = zones.find((z) => z.id === zoneId) ?? null;
    const box = zone ? bboxOf(zone.points) : null;
    const ix = points.index;
    const want = status === 'tous' || status === 'all' ? -1 : STATUS_CODE[status];
    const teamCode = teamId && teamId !== 'none' ? ix.teamKeys.indexOf(teamId) + 1 : 0; // 0: no such team in the index
    let n = 0;
    for (let i = 0; i < ix.count; i++) {
      const st = ix.status[i];
      if (status === 'tous' ? st === STATUS_CODE.resolu : want >= 0 && st !== want) continue;
      if (teamId === 'none' ? ix.team[i] !== 0 : teamId && (teamCode === 0 || ix.team[i] !== teamCode)) continue;
      const x = ix.x[i], y = ix.y[i];
      if (zone && !(box && x >= box.minX && x <= box.maxX && y >= box.minY && y <= box.maxY && zoneContains(zone.points, x, y))) continue;
      n++;
    }
    return n;
  }, [points, zones, status, zoneId, teamId]);

  const start = () => {
    const filter: ExportFilter = { status, zoneId: (!allLines && zoneId) || null, teamId: teamId || null };
    setPhase({ kind: 'running', read: 0, written: 0 });
    const r = startExport(format, filter, (read, written) => setPhase({ kind: 'running', read, written }), scope);
    run.current = r;
    r.done.then(
      (res) => setPhase(res ? { kind: 'done', message: T.exportDone(res.rows, res.fileName) } : { kind: 'form' }),
      (e) => {
        console.error('Export impossible', e);
        // Never the browser's English ('Failed to fetch'): offline or unreachable, say so in French.
        const network = e instanceof TypeError || /fetch|network/i.test(e instanceof Error ? e.message : String(e));
        setPhase({ kind: 'error', message: offline ? T.exportOffline : network ? T.exportNetwork : T.exportFailed(e instanceof Error ? e.message : String(e)) });
      },
    ).finally(() => { run.current = null; });
  };
  const cancel = () => { run.current?.cancel(); };
  const running = phase.kind === 'running';

  return (
    <Dialog open onOpenChange={(o) => { if (!o) { cancel(); onClose(); } }} title={T.exportTitle} size="sm" className="export-dialog"
      footer={running
        ? <Button onClick={cancel}>{T.exportCancel}</Button>
        : <>
          <Button onClick={onClose}>{T.exportClose}</Button>
          {phase.kind !== 'done' && <Button variant="primary" icon={<Download size={16} aria-hidden="true" />} disabled={!ready} onClick={start}>{T.exportStart}</Button>}
        </>}>
      <fieldset className="export-format" disabled={running}>
        <legend>{T.exportFormat}</legend>
        <label><input type="radio" name="export-format" value="csv" checked={format === 'csv'} onChange={() => setFormat('csv')} /> {T.exportCsv}</label>
        <label><input type="radio" name="export-format" value="geojson" checked={format === 'geojson'} onChange={() => setFormat('geojson')} /> {T.exportGeojson}</label>
      </fieldset>
      {many && line && (
        <Select label={T.exportScope} value={scope} disabled={running} onChange={(e) => setScope(e.target.value as ExportScope)}>
          <option value="line">{T.exportScopeLine(lineLabel(line))}</option>
          <option value="all">{T.exportScopeAll}</option>
        </Select>
      )}
      <Select label={T.exportStatus} value={status} disabled={running} onChange={(e) => setStatus(e.target.value as ExportFilter['status'])}>
        <option value="tous">{T.exportStatusOpen}</option>
        {(Object.keys(STATUS_LABELS) as PointStatus[]).map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
        <option value="all">{T.exportStatusAll}</option>
      </Select>
      <Select label={T.exportZone} value={allLines ? '' : zoneId} disabled={running || allLines} onChange={(e) => setZoneId(e.target.value)}>
        <option value="">{T.exportAllZones}</option>
        {zones.map((z) => <option key={z.id} value={z.id}>{zoneLabels.get(z.id) ?? z.name}</option>)}
      </Select>
      <Select label={T.exportTeam} value={teamId} disabled={running} onChange={(e) => setTeamId(e.target.value)}>
        <option value="">{T.exportAllTeams}</option>
        <option value="none">{T.exportNoTeam}</option>
        {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
      </Select>
      {!allLines && <p className="export-count">{ready ? T.exportCount(expected) : T.exportWaitLines}</p>}
      {running && (
        <div className="export-progress" role="status">
          <ProgressBar value={expected ? Math.min(1, phase.read / expected) : undefined} label={T.exportRunning} />
          <span>{T.exportProgress(phase.read, Math.max(expected, phase.read))}</span>
        </div>
      )}
      {phase.kind === 'done' && <Alert kind="success">{phase.message}</Alert>}
      {phase.kind === 'error' && <Alert kind="error">{phase.message}</Alert>}
    </Dialog>
  );
}
