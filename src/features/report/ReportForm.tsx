// 'Générer un rapport' (docs/product.md#report-form): PK range with Min/Max, Voie 1/Voie 2 toggles, zones crossed, validation.
// Ready at once from the loaded state (no reload of the points); no red message before the user has done anything.
import { useEffect, useMemo, useState } from 'react';
import type { KilometerMarker, ReportRequest, Track, Zone } from '../../core/types';
import { KM_STEP, TRACKS, TRACK_LABELS } from '../../core/constants';
import { formatKm, parseKmInput } from '../../core/format';
import { markerKmBounds } from '../../core/pk';
import { buildReportRequest, reselectZones, validateReportForm, zonesCrossed, type RangeInput } from '../../core/report/rules';
import { Alert, Button, Dialog, Spinner, ToggleChip } from '../../ui';
import { RangePkField } from './RangePkField';
import { ZonePicker } from './ZonePicker';
import { FORM_TEXT, REPORT_MESSAGES, REPORT_TEXT } from './strings';
import { useReportLine } from './useReportLine';

/** The points the report reads: still loading (first load of the app), or ready with their count. */
export type PointsLoad = { state: 'loading'; loaded: number } | { state: 'ready'; count: number };

export interface ReportFormProps {
  zones: readonly Zone[];
  markers: readonly KilometerMarker[];
  load: PointsLoad;
  busy: boolean;
  onSubmit: (request: ReportRequest) => void;
  onClose: () => void;
}

const byKmStart = (a: Zone, b: Zone) => (a.kmStart ?? Infinity) - (b.kmStart ?? Infinity);

export function ReportForm({ zones, markers, load, busy, onSubmit, onClose }: ReportFormProps) {
  const bounds = useMemo(() => markerKmBounds(markers), [markers]);
  const line = useReportLine();
  const [startText, setStartText] = useState('');
  const [endText, setEndText] = useState('');
  const [tracks, setTracks] = useState<Track[]>([...TRACKS]);
  // Messages show once the user has acted: typing, Min/Max, a track or zone toggle.
  const [touched, setTouched] = useState(false);
  const touch = <A extends unknown[]>(fn: (...a: A) => void) => (...a: A) => { setTouched(true); fn(...a); };
  const range: RangeInput = useMemo(() => ({ start: parseKmInput(startText), end: parseKmInput(endText) }), [startText, endText]);
  const [selected, setSelected] = useState<Set<string>>(() => new Set(reselectZones(zones, range, tracks)));

  // docs/product.md#report-form: a range or track change reselects the overlapping zones that fit the tracks.
  useEffect(() => { setSelected(new Set(reselectZones(zones, range, tracks))); }, [zones, range, tracks]);

  const crossed = useMemo(() => zonesCrossed(zones, range).sort(byKmStart), [zones, range]);
  const selectedIds = crossed.filter((z) => selected.has(z.id)).map((z) => z.id);
  const message = validateReportForm({ range, selectedZones: selectedIds, markerCount: bounds ? markers.length : 0, bounds });
  const canSubmit = message === null && load.state === 'ready' && !busy;

  const toggleTrack = (t: Track) => setTracks((cur) => (cur.includes(t) ? cur.filter((x) => x !== t) : TRACKS.filter((x) => x === t || cur.includes(x))));
  const submit = () => {
    setTouched(true);
    const request = buildReportRequest(range, selectedIds, tracks, bounds);
    if (canSubmit && request) onSubmit(request);
  };
  const minText = bounds ? formatKm(bounds.min) : '';
  const maxText = bounds ? formatKm(bounds.max) : '';

  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={REPORT_TEXT.formTitle} size="full" className="report-form-dialog"
      footer={<>
        <Button onClick={onClose}>{FORM_TEXT.cancel}</Button>
        <Button variant="primary" onClick={submit} disabled={!canSubmit} busy={busy}>{REPORT_TEXT.submit}</Button>
      </>}>
      <form className="report-form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        {line && <p className="report-form-line"><strong>{REPORT_TEXT.lineOf}</strong> {line}</p>}
        {!bounds && <Alert kind="warning">{REPORT_MESSAGES.needMarkers}</Alert>}
        {load.state === 'loading' && <Spinner label={FORM_TEXT.pointsLoading(load.loaded)} />}
        {load.state === 'ready' && <p className="muted report-loaded">{FORM_TEXT.pointsLoaded(load.count)}</p>}

        <div className="report-range">
          <RangePkField label={FORM_TEXT.start} value={startText} onChange={touch(setStartText)} min={bounds?.min} max={bounds?.max} step={KM_STEP}
            disabled={!bounds} onMin={touch(() => setStartText(minText))} onMax={touch(() => setStartText(maxText))} />
          <RangePkField label={FORM_TEXT.end} value={endText} onChange={touch(setEndText)} min={bounds?.min} max={bounds?.max} step={KM_STEP}
            disabled={!bounds} onMin={touch(() => setEndText(minText))} onMax={touch(() => setEndText(maxText))} />
        </div>
        {bounds && <p className="field-hint">{FORM_TEXT.bounds(formatKm(bounds.min), formatKm(bounds.max))}</p>}

        <fieldset className="report-tracks">
          <legend className="field-label">{FORM_TEXT.tracks}</legend>
          <div className="chips">
            {TRACKS.map((t) => <ToggleChip key={t} pressed={tracks.includes(t)} onToggle={touch(() => toggleTrack(t))}>{TRACK_LABELS[t]}</ToggleChip>)}
          </div>
          {tracks.length === 0 && <p className="field-hint">{FORM_TEXT.noTrackHint}</p>}
        </fieldset>

        <ZonePicker zones={crossed} selected={selected} onChange={touch(setSelected)} />

        {message && bounds && touched && <p className="field-error report-form-message" role="status">{message}</p>}
        {busy && <Spinner label={FORM_TEXT.classifying} />}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
