// 'Enregistrer la tournée' (docs/product.md#inspection-records): from the route report on screen, the date of the
// walk, a remark per zone of the report and the stretches not inspected (PK range and reason), then the record is
// saved with every anomaly of the report as it is now. Zones of the same name have distinct remark labels. Offline it is refused with a French message, the form kept.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { OUTSIDE_ZONES } from '../../core/report/classify';
import { OUTSIDE_ZONE_KEY, inspectedAtError, notInspectedError, type NotInspected } from '../../core/inspection/record';
import { parseKm } from '../../core/validation';
import { zoneOptionLabels } from '../../core/zoneOptionLabels';
import { saveInspectionFromReport } from '../../state/inspectionActions';
import { activeLineAtom } from '../../state/tables';
import { Button, Dialog, TextArea, TextInput, pkInputProps, toast } from '../../ui';
import type { ReportSession } from '../report/reportSession';
import { INSPECTION_TEXT as T } from './strings';

interface StretchDraft { from: string; to: string; reason: string }

const localNow = () => { const d = new Date(); d.setMinutes(d.getMinutes() - d.getTimezoneOffset()); return d.toISOString().slice(0, 16); };

export function SaveInspectionDialog({ session, onClose }: { session: ReportSession; onClose: () => void }) {
  // Zones sharing a name are told apart by their track, then their PK range ('Pont de la Seine · Voie 1').
  const zones = useMemo(() => {
    const labels = zoneOptionLabels(session.plan.sections.filter((s) => s.zone !== OUTSIDE_ZONES).map((s) => session.zones[s.zone]));
    return session.plan.sections.map((s) => (s.zone === OUTSIDE_ZONES
      ? { key: OUTSIDE_ZONE_KEY, name: T.outside }
      : { key: session.zones[s.zone].id, name: labels.get(session.zones[s.zone].id) ?? session.zones[s.zone].name }));
  }, [session]);
  const line = useAtomValue(activeLineAtom);
  const [when, setWhen] = useState(localNow);
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [stretches, setStretches] = useState<StretchDraft[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const parsed: NotInspected[] = stretches.map((s) => ({ km_from: parseKm(s.from) ?? NaN, km_to: parseKm(s.to) ?? NaN, reason: s.reason.trim() }));
  const stretchErrors = parsed.map((s) => notInspectedError({ km_from: Number.isNaN(s.km_from) ? null : s.km_from, km_to: Number.isNaN(s.km_to) ? null : s.km_to, reason: s.reason }));
  const whenIso = when ? new Date(when).toISOString() : '';
  const whenError = when ? inspectedAtError(whenIso, Date.now(), line?.createdAt ?? null) : null;
  const valid = stretchErrors.every((e) => e === null) && !!when && !whenError;

  const save = async () => {
    // Not queued offline (a record is the report as it is now, on the server): refused at once, the form kept.
    if (!navigator.onLine) { setError(T.offline); return; }
    setBusy(T.saving(0, session.plan.rows.length));
    setError(null);
    const r = await saveInspectionFromReport({
      request: session.request, plan: session.plan, index: session.index, zones: session.zones,
      inspectedAt: whenIso, remarks, notInspected: parsed,
      onProgress: (done, total) => setBusy(T.saving(done, total)),
    });
    setBusy(null);
    if (!r.ok) { setError(r.message); return; }
    toast(T.saved, 'success');
    onClose();
  };

  return (
    <Dialog open onOpenChange={(o) => { if (!o && !busy) onClose(); }} title={T.save} size="md"
      footer={<>
        <Button onClick={onClose} disabled={!!busy}>{T.cancel}</Button>
        <Button variant="primary" onClick={() => void save()} disabled={!valid} busy={!!busy}>{T.save}</Button>
      </>}>
      <TextInput label={T.date} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} required error={whenError ?? undefined} />
      <h3 className="inspection-subtitle">{T.remarks}</h3>
      {zones.map((z) => (
        <TextArea key={z.key} label={T.remarkFor(z.name)} rows={2} maxLength={2000} value={remarks[z.key] ?? ''}
          onChange={(e) => setRemarks((r) => ({ ...r, [z.key]: e.target.value }))} />
      ))}
      <h3 className="inspection-subtitle">{T.notInspected}</h3>
      {stretches.map((s, k) => (
        <fieldset key={k} className="inspection-stretch">
          <legend className="sr-only">{`${T.notInspected} ${k + 1}`}</legend>
          <TextInput label={T.pkFrom} {...pkInputProps(s.from, (v) => setStretches((l) => l.map((x, j) => (j === k ? { ...x, from: v } : x))))} />
          <TextInput label={T.pkTo} {...pkInputProps(s.to, (v) => setStretches((l) => l.map((x, j) => (j === k ? { ...x, to: v } : x))))} />
          <TextInput label={T.reason} value={s.reason} error={stretchErrors[k] ?? undefined} onChange={(e) => setStretches((l) => l.map((x, j) => (j === k ? { ...x, reason: e.target.value } : x)))} />
          <Button variant="ghost" onClick={() => setStretches((l) => l.filter((_, j) => j !== k))}>{T.removeStretch}</Button>
        </fieldset>
      ))}
      <Button onClick={() => setStretches((l) => [...l, { from: '', to: '', reason: '' }])}>{T.addStretch}</Button>
      {busy && <p role="status" className="muted">{busy}</p>}
      {error && <p className="field-error" role="alert">{error}</p>}
    </Dialog>
  );
}
