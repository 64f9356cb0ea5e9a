// 'Créer une zone' (docs/product.md#zone-form), also used for editing: name, track (none / Voie 1 / Voie 2, default voie_1),
// colour with the 12 presets (default #3B82F6). kmStart/kmEnd are computed on save from the markers.
import { useMemo, useState, type FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { Alert, Button, ColorPicker, Dialog, TextInput } from '../../ui';
import { toast } from '../../ui/toast';
import { markersAtom, zonesAtom } from '../../state/tables';
import { zoneFormAtom, type ZoneFormState } from '../../state/selection';
import { finishEditing } from '../../state/modeActions';
import { saveZone } from '../../state/actions';
import { DEFAULT_ZONE_COLOR, DEFAULT_ZONE_TRACK, TRACK_LABELS, ZONE_PALETTE } from '../../core/constants';
import { zoneKmRange } from '../../core/pk';
import { formatKm } from '../../core/format';
import { validateZoneName, validateZoneVertices } from '../../core/validation';
import type { Track, Zone } from '../../core/types';
import { ZONE_TEXT as T } from './strings';
import { saveErrorText } from '../conflicts/saveErrorText';

type TrackChoice = Track | 'none';

export function ZoneFormDialog() {
  const form = useAtomValue(zoneFormAtom);
  const zones = useAtomValue(zonesAtom);
  if (!form) return null;
  const editing = form.mode === 'edit' ? zones.find((z) => z.id === form.zoneId) ?? null : null;
  return <ZoneFormBody key={form.mode === 'edit' ? form.zoneId : 'create'} form={form} editing={editing} />;
}

function ZoneFormBody({ form, editing: live }: { form: NonNullable<ZoneFormState>; editing: Zone | null }) {
  // The zone as it was when the form opened (a live change elsewhere never wipes the form).
  const [editing] = useState(live);
  const markers = useAtomValue(markersAtom);
  const setForm = useSetAtom(zoneFormAtom);
  const vertices = useMemo(() => (form.mode === 'create' ? form.vertices : editing?.points ?? []), [form, editing]);
  const [name, setName] = useState(editing?.name ?? '');
  const [track, setTrack] = useState<TrackChoice>(editing ? editing.track ?? 'none' : DEFAULT_ZONE_TRACK);
  const [color, setColor] = useState(editing?.color ?? DEFAULT_ZONE_COLOR);
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const range = useMemo(() => zoneKmRange(vertices, markers), [vertices, markers]);

  const cancel = () => {
    setForm(null);
    // Cancelling the creation form ends the drawing (back to view); cancelling an edit keeps the current mode.
    if (form.mode === 'create') finishEditing();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const err = validateZoneName(name) ?? validateZoneVertices(vertices.length);
    setNameError(err);
    if (err || saving) return;
    setSaving(true);
    setSaveError(null);
    try {
      await saveZone({ ...(editing ? { id: editing.id } : {}), name, color, track: track === 'none' ? null : track, points: vertices }, editing);
      toast(T.savedToast, 'success', 2500);
      setForm(null);
      finishEditing();
    } catch (err2) {
      console.error(T.saveFailed, err2);
      setSaveError(saveErrorText(err2, `${T.saveFailed}. ${T.saveFailedKeep}`));
    } finally {
      setSaving(false);
    }
  };

  if (form.mode === 'edit' && !editing) {
    return (
      <Dialog open onOpenChange={(o) => !o && cancel()} title={T.editTitle} size="sm" footer={<Button onClick={cancel}>{T.cancel}</Button>}>
        <Alert kind="warning">{T.notFound}</Alert>
      </Dialog>
    );
  }

  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !saving) cancel(); }} title={form.mode === 'create' ? T.createTitle : T.editTitle} size="sm"
      footer={
        <>
          <Button onClick={cancel} disabled={saving}>{T.cancel}</Button>
          <Button type="submit" form="zone-form" variant="primary" busy={saving}>{saving ? T.saving : T.save}</Button>
        </>
      }
    >
      <form id="zone-form" onSubmit={submit} noValidate>
        <p className="position-hint">
          {T.vertices(vertices.length)}
          {range.kmStart !== null && range.kmEnd !== null && <> · {T.pkRange(formatKm(range.kmStart), formatKm(range.kmEnd))}</>}
        </p>
        <TextInput label={T.name} name="zoneName" required placeholder={T.namePlaceholder} value={name} maxLength={120}
          onChange={(e) => { setName(e.target.value); setNameError(null); }} error={nameError} autoFocus />
        <fieldset className="field">
          <legend className="field-label">{T.track}</legend>
          <div className="segmented" role="radiogroup" aria-label={T.track}>
            {(['none', 'voie_1', 'voie_2'] as TrackChoice[]).map((t) => (
              <label key={t} className={`segmented-item ${track === t ? 'segmented-active' : ''}`}>
                <input type="radio" name="track" value={t} checked={track === t} onChange={() => setTrack(t)} />
                {TRACK_LABELS[t]}
              </label>
            ))}
          </div>
        </fieldset>
        <ColorPicker label={T.color} value={color} onChange={setColor} palette={ZONE_PALETTE} />
        {saveError && <Alert kind="error">{saveError}</Alert>}
      </form>
    </Dialog>
  );
}
