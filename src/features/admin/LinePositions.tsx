// The 'Règle PK et image' tab's 'Position sur le terrain' (docs/product.md#position): the line's axes and anchors summed up, an
// import (GeoJSON or CSV, refused with the rows named), the drawn check of the anchors against the ruler (jumps and
// anchors off the ruler shown), and 'Enregistrer ma position pour ce repère' (an averaged fix at a ruler marker).
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Select, toast } from '../../ui';
import { parseAnchorCsv } from '../../core/position/importCsv';
import { parseAxisGeoJson } from '../../core/position/importGeoJson';
import type { ImportResult } from '../../core/position/importCheck';
import { checkLineAnchors } from '../../core/position/anchorCheck';
import { averageFixes, type Fix } from '../../core/position/fixes';
import { formatMetres } from '../../core/position/locate';
import { formatKm } from '../../core/format';
import { POSITION_AVERAGE_MS, POSITION_MAX_ACCURACY_M } from '../../core/constants';
import type { Track } from '../../core/types';
import { activeLineAtom, markersAtom } from '../../state/tables';
import { linePositionsAtom } from '../../state/position/atoms';
import { importLinePositions, recordTerrainAnchor } from '../../state/position/actions';
import { useWatchPosition } from '../position/useWatchPosition';
import { POSITION_ADMIN_TEXT as T } from './positionStrings';

const TRACK_NAME: Record<Track, string> = { voie_1: 'Voie 1', voie_2: 'Voie 2' };

export function LinePositions() {
  const line = useAtomValue(activeLineAtom);
  const positions = useAtomValue(linePositionsAtom);
  const markers = useAtomValue(markersAtom);
  const axes = useMemo(() => positions.axes.filter((a) => a.lineId === line?.id), [positions, line]);
  const anchors = useMemo(() => positions.anchors.filter((a) => a.lineId === line?.id), [positions, line]);
  const checks = useMemo(() => checkLineAnchors(axes, anchors, markers), [axes, anchors, markers]);
  const [parsed, setParsed] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!line) return null;

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setError(null);
    if (!file) { setParsed(null); return; }
    const text = await file.text();
    setParsed(/^\s*[{[]/.test(text) ? parseAxisGeoJson(text) : parseAnchorCsv(text));
  };
  const doImport = async () => {
    if (!parsed?.ok) return;
    setBusy(true);
    setError(null);
    const r = await importLinePositions(line.id, parsed.geometry);
    setBusy(false);
    if (!r.ok) { setError(r.message); return; }
    toast(T.imported(r.value.anchors), 'success');
    setParsed(null);
  };

  const values = markers.map((m) => m.value);
  const lo = Math.min(...values, ...anchors.map((a) => a.pk)), hi = Math.max(...values, ...anchors.map((a) => a.pk));
  const xOf = (pk: number) => (hi > lo ? 10 + ((pk - lo) / (hi - lo)) * 980 : 500);
  return (
    <section className="admin-section" aria-labelledby="positions-title">
      <h4 id="positions-title" className="admin-subheading">{T.title}</h4>
      <p className="admin-note">{T.help}</p>
      {checks.length === 0 ? <p className="admin-note" data-testid="positions-summary">{T.none}</p> : (
        <ul className="admin-note" data-testid="positions-summary">
          {checks.map((c) => <li key={c.track}>{T.summary(TRACK_NAME[c.track], c.vertices, c.anchors.length)}</li>)}
        </ul>
      )}
      <label className="field-label" htmlFor="positions-file">{T.file}</label>
      <input id="positions-file" type="file" accept=".geojson,.json,.csv,.txt,application/geo+json,text/csv" onChange={(e) => void onFile(e)} />
      {parsed && !parsed.ok && <Alert kind="error"><ul className="positions-errors">{parsed.errors.slice(0, 20).map((m) => <li key={m}>{m}</li>)}</ul></Alert>}
      {parsed?.ok && (
        <div className="locate-actions">
          <p className="admin-note">{T.ready(parsed.geometry.anchors.length, parsed.geometry.axes.map((a) => TRACK_NAME[a.track]).join(', '))}</p>
          <Button variant="primary" busy={busy} onClick={() => void doImport()}>{T.import}</Button>
        </div>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {checks.length > 0 && (
        <>
          <h5 className="admin-subheading">{T.checkTitle}</h5>
          {checks.map((c) => {
            const off = c.anchors.filter((a) => a.offRuler).length;
            return (
              <figure key={c.track} className="positions-check">
                <svg viewBox="0 0 1000 44" role="img" aria-label={T.checkLabel(TRACK_NAME[c.track])} preserveAspectRatio="none">
                  <line x1="10" x2="990" y1="30" y2="30" stroke="#9ca3af" strokeWidth="2" />
                  {markers.map((m) => <line key={m.id} x1={xOf(m.value)} x2={xOf(m.value)} y1="22" y2="38" stroke="#374151" strokeWidth="2" />)}
                  {c.anchors.map((a, i) => <circle key={i} cx={xOf(a.pk)} cy="14" r="3" fill={a.offRuler ? '#ea580c' : a.source === 'terrain' ? '#16a34a' : '#2563eb'} />)}
                  {c.jumps.map((j, i) => <rect key={i} x={xOf(j.from)} width={Math.max(2, xOf(j.to) - xOf(j.from))} y="4" height="20" fill="rgba(220,38,38,.25)" stroke="#dc2626" />)}
                </svg>
                <figcaption className="admin-note">
                  {TRACK_NAME[c.track]}
                  {c.jumps.map((j, i) => <span key={i}> · {T.jump(formatKm(j.from), formatKm(j.to))}</span>)}
                  {off > 0 && values.length >= 2 && <span> · {T.offRuler(off, formatKm(Math.min(...values)), formatKm(Math.max(...values)))}</span>}
                </figcaption>
              </figure>
            );
          })}
        </>
      )}
      <TerrainAnchor lineId={line.id} />
    </section>
  );
}

function TerrainAnchor({ lineId }: { lineId: string }) {
  const markers = useAtomValue(markersAtom);
  const [markerId, setMarkerId] = useState('');
  const [track, setTrack] = useState<Track>('voie_1');
  const [state, setState] = useState<{ kind: 'idle' | 'recording' } | { kind: 'done' | 'error'; text: string }>({ kind: 'idle' });
  const fixesRef = useRef<Fix[]>([]);
  const watch = useWatchPosition((f) => { fixesRef.current.push(f); }, () => undefined);
  const marker = markers.find((m) => m.id === markerId) ?? markers[0];
  const record = () => {
    if (!marker) return;
    fixesRef.current = [];
    setState({ kind: 'recording' });
    watch.start();
    setTimeout(() => {
      watch.stop();
      const avg = averageFixes(fixesRef.current, POSITION_MAX_ACCURACY_M);
      if (!avg) { setState({ kind: 'error', text: T.noFix }); return; }
      recordTerrainAnchor({ lineId, track, pk: marker.value, lat: avg.lat, lon: avg.lon, accuracyM: avg.accuracyM, fixes: avg.fixes ?? 1 })
        .then((r) => setState(r.ok ? { kind: 'done', text: T.recorded(formatKm(marker.value), avg.fixes ?? 1, formatMetres(avg.accuracyM)) } : { kind: 'error', text: r.message }));
    }, POSITION_AVERAGE_MS);
  };
  if (markers.length === 0) return null;
  return (
    <div className="positions-terrain">
      <h5 className="admin-subheading">{T.terrainTitle}</h5>
      <p className="admin-note">{T.terrainHelp}</p>
      <div className="locate-actions">
        <Select label={T.marker} value={marker?.id ?? ''} onChange={(e) => setMarkerId(e.target.value)}>
          {markers.map((m) => <option key={m.id} value={m.id}>PK {formatKm(m.value)}</option>)}
        </Select>
        <Select label={T.track} value={track} onChange={(e) => setTrack(e.target.value as Track)}>
          <option value="voie_1">Voie 1</option>
          <option value="voie_2">Voie 2</option>
        </Select>
        <Button variant="primary" busy={state.kind === 'recording'} onClick={record}>{T.record}</Button>
      </div>
      {state.kind === 'recording' && <p className="admin-note" role="status">{T.recording}</p>}
      {(state.kind === 'done' || state.kind === 'error') && <Alert kind={state.kind === 'done' ? 'success' : 'error'}>{state.text}</Alert>}
    </div>
  );
}
