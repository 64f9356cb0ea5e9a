// 'Règle PK et image' tab: kilometre markers on a ruler preview (add, edit, drag, delete; at least two needed) with the
// zones' PK ranges recomputed after each change, and replacement of the line image.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, ConfirmDialog, toast } from '../../ui';
import type { KilometerMarker } from '../../core/types';
import { formatKm, parseKmInput } from '../../core/format';
import { hasEnoughMarkers, nonMonotoneMarkers } from '../../core/admin/lineRuler';
import { lineImageAtom, markersAtom } from '../../state/tables';
import { deleteMarker, loadLineData, saveMarker, type MarkerChangeOutcome } from '../../state/adminActions';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { MarkerRuler } from './MarkerRuler';
import { MarkerTable } from './MarkerTable';
import { LineImageReplace } from './LineImageReplace';
import { LineOfTab } from './LineOfTab';
import { LinePositions } from './LinePositions';

export function LineTab() {
  const markers = useAtomValue(markersAtom);
  const image = useAtomValue(lineImageAtom);
  const { status, reload } = useLoad(loadLineData);
  const [pendingX, setPendingX] = useState<number | null>(null);
  const [newValue, setNewValue] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<KilometerMarker | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const report = (r: MarkerChangeOutcome) => {
    if (r.zoneError) setError(A.line.zoneKmError);
    else if (r.zonesUpdated > 0) toast(A.line.zonesUpdated(r.zonesUpdated), 'info');
  };
  const doSave = async (m: { id?: string; position: number; value: number }) => {
    setError(null);
    try {
      report(await saveMarker(m));
    } catch (e) {
      console.error(e);
      setError(A.line.saveError);
      throw e;
    }
  };
  const addAt = (imageX: number) => { setPendingX(imageX); setNewValue(''); setNewError(null); };
  const submitNew = async (e: FormEvent) => {
    e.preventDefault();
    if (pendingX === null) return;
    const km = parseKmInput(newValue);
    if (km === null) { setNewError(A.line.valueInvalid); return; }
    try { await doSave({ position: pendingX, value: km }); setPendingX(null); } catch { /* message shown */ }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    const r = await deleteMarker(deleting.id);
    setDeleteBusy(false);
    if (r.ok) { report(r.value); setDeleting(null); }
    else setDeleteError(r.message);
  };

  const backwards = nonMonotoneMarkers(markers);
  return (
    <div className="admin-tab line-tab">
      <div className="admin-toolbar"><h3 className="admin-heading">{A.line.heading}</h3></div>
      <LineOfTab />
      {status !== 'ready' ? <LoadState status={status} error={A.line.loadError} onRetry={reload} /> : (
        <>
          <section className="admin-section" aria-labelledby="markers-title">
            <h4 id="markers-title" className="admin-subheading">{A.line.markersTitle} ({markers.length})</h4>
            <p className="admin-note">{A.line.rulerHelp}</p>
            {!hasEnoughMarkers(markers) && <Alert kind="warning">{A.line.needTwo}</Alert>}
            {backwards.map((m) => <Alert key={m.id} kind="warning">{A.line.nonMonotone(formatKm(m.value))}</Alert>)}
            <MarkerRuler image={image} markers={markers} pendingX={pendingX} onAdd={addAt}
              onMove={(m, x) => { void doSave({ id: m.id, position: x, value: m.value }).catch(() => undefined); }} /> {/* doSave showed the error */}
            {pendingX !== null && (
              <form className="marker-new" onSubmit={submitNew} noValidate>
                <label htmlFor="marker-new-value">{A.line.promptValue(pendingX)}</label>
                <input id="marker-new-value" className="input" inputMode="decimal" autoFocus value={newValue} placeholder="12,50"
                  aria-invalid={!!newError || undefined} onChange={(e) => { setNewValue(e.target.value); setNewError(null); }} />
                <Button type="submit" variant="primary">{A.line.add}</Button>
                <Button onClick={() => setPendingX(null)}>{A.cancel}</Button>
                {newError && <p className="field-error" role="alert">{newError}</p>}
              </form>
            )}
            {error && <Alert kind="error">{error}</Alert>}
            <MarkerTable markers={markers} imageWidth={image.width}
              onSave={(m, v) => doSave({ id: m.id, ...v }).catch(() => undefined)} // doSave showed the error
              onDelete={(m) => { setDeleteError(null); setDeleting(m); }} />
          </section>
          <LinePositions />
          <LineImageReplace />
        </>
      )}
      <ConfirmDialog
        open={!!deleting} name={deleting ? A.line.markerLabel(formatKm(deleting.value)) : ''} what={A.line.deleteWhat}
        busy={deleteBusy} error={deleteError} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
