// Zone editor of the Zones tab: name (required, trimmed), track (none / voie_1 / voie_2), colour (8 presets, docs/product.md#constants).
import { useState } from 'react';
import { Alert, ColorPicker, Dialog, Select, TextInput } from '../../ui';
import type { Track, Zone } from '../../core/types';
import { TRACK_LABELS } from '../../core/constants';
import { A } from './strings';
import { SaveCancelFooter, useNamedFormSave } from './useNamedFormSave';

/** docs/product.md#constants: the administration zone editor shows 8 presets (red, orange, yellow, green, blue, violet, pink, grey). */
export const ADMIN_ZONE_PALETTE = ['#ef4444', '#f97316', '#eab308', '#22c55e', '#3b82f6', '#8b5cf6', '#ec4899', '#6b7280'];

export function ZoneEditDialog({ zone, onSave, onClose }: {
  zone: Zone;
  onSave: (v: { name: string; track: Track | null; color: string }) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(zone.name);
  const [track, setTrack] = useState<Track | 'none'>(zone.track ?? 'none');
  const [color, setColor] = useState(zone.color);
  const { nameError, clearNameError, saveError, busy, submit } = useNamedFormSave({
    name, nameRequired: A.zones.nameRequired, saveError: A.zones.editError, onClose,
    save: (clean) => onSave({ name: clean, track: track === 'none' ? null : track, color }),
  });

  return (
    <Dialog
      open onOpenChange={(o) => { if (!o && !busy) onClose(); }} size="sm" title={A.zones.editTitle}
      footer={<SaveCancelFooter busy={busy} onCancel={onClose} onSave={() => void submit()} />}
    >
      <form onSubmit={submit} noValidate>
        <TextInput label={A.zones.nameLabel} required value={name} maxLength={120}
          onChange={(e) => { setName(e.target.value); clearNameError(); }} error={nameError} />
        <Select label={A.zones.track} value={track} onChange={(e) => setTrack(e.target.value as Track | 'none')}>
          <option value="none">{TRACK_LABELS.none}</option>
          <option value="voie_1">{TRACK_LABELS.voie_1}</option>
          <option value="voie_2">{TRACK_LABELS.voie_2}</option>
        </Select>
        <ColorPicker label={A.color} value={color} onChange={setColor} palette={ADMIN_ZONE_PALETTE} />
        {saveError && <Alert kind="error">{saveError}</Alert>}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
