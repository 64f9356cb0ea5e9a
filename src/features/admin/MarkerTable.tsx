// Editable list of kilometre markers: PK value and image position per row, save and delete buttons.
import { useEffect, useState } from 'react';
import { Check, Trash2 } from 'lucide-react';
import { IconButton } from '../../ui';
import type { KilometerMarker } from '../../core/types';
import { formatKm, parseKmInput } from '../../core/format';
import { A } from './strings';

export function MarkerTable({ markers, imageWidth, onSave, onDelete }: {
  markers: KilometerMarker[];
  imageWidth: number;
  onSave: (m: KilometerMarker, v: { position: number; value: number }) => Promise<void>;
  onDelete: (m: KilometerMarker) => void;
}) {
  if (markers.length === 0) return <p className="admin-empty">{A.line.empty}</p>;
  return (
    <div className="markers-scroll">
    <table className="admin-table markers-table">
      <thead><tr><th scope="col">{A.line.valueLabel}</th><th scope="col">{A.line.positionLabel}</th><th scope="col"><span className="sr-only">{A.users.colActions}</span></th></tr></thead>
      <tbody>{markers.map((m) => <MarkerRow key={m.id} m={m} imageWidth={imageWidth} onSave={onSave} onDelete={onDelete} />)}</tbody>
    </table>
    </div>
  );
}

function MarkerRow({ m, imageWidth, onSave, onDelete }: {
  m: KilometerMarker; imageWidth: number;
  onSave: (m: KilometerMarker, v: { position: number; value: number }) => Promise<void>;
  onDelete: (m: KilometerMarker) => void;
}) {
  const [value, setValue] = useState(formatKm(m.value));
  const [position, setPosition] = useState(String(Math.round(m.position)));
  const [busy, setBusy] = useState(false);
  useEffect(() => { setValue(formatKm(m.value)); setPosition(String(Math.round(m.position))); }, [m.value, m.position]);
  const km = parseKmInput(value);
  const pos = /^\d+$/.test(position.trim()) ? Number(position) : NaN;
  const posOk = Number.isFinite(pos) && pos >= 0 && pos <= imageWidth;
  const dirty = km !== m.value || pos !== Math.round(m.position);
  const save = async () => {
    if (km === null || !posOk || !dirty) return;
    setBusy(true);
    try { await onSave(m, { position: pos, value: km }); } finally { setBusy(false); }
  };
  const label = formatKm(m.value);
  return (
    <tr data-marker={m.value}>
      <td data-label={A.line.valueLabel}>
        <input className="input marker-value" inputMode="decimal" value={value} aria-label={`${A.line.valueLabel} — ${A.line.markerLabel(label)}`}
          aria-invalid={km === null || undefined} title={km === null ? A.line.valueInvalid : undefined}
          aria-describedby={km === null ? `marker-value-error-${m.id}` : undefined}
          onChange={(e) => setValue(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') void save(); }} />
        {km === null && <p className="field-error" id={`marker-value-error-${m.id}`} role="alert">{A.line.valueInvalid}</p>}
      </td>
      <td data-label={A.line.positionLabel}>
        <input className="input marker-position" inputMode="numeric" value={position} aria-label={`${A.line.positionLabel} — ${A.line.markerLabel(label)}`}
          aria-invalid={!posOk || undefined} title={posOk ? undefined : A.line.positionInvalid(imageWidth)}
          aria-describedby={posOk ? undefined : `marker-position-error-${m.id}`}
          onChange={(e) => setPosition(e.target.value)} onKeyDown={(e) => { if (e.key === 'Enter') void save(); }} />
        {!posOk && <p className="field-error" id={`marker-position-error-${m.id}`} role="alert">{A.line.positionInvalid(imageWidth)}</p>}
      </td>
      <td className="cell-actions">
        <IconButton label={`${A.save} ${A.line.markerLabel(label)}`} icon={<Check size={16} />} variant={dirty ? 'primary' : 'ghost'}
          disabled={!dirty || km === null || !posOk} busy={busy} onClick={() => void save()} />
        <IconButton label={`${A.delete} ${A.line.markerLabel(label)}`} icon={<Trash2 size={16} />} onClick={() => onDelete(m)} />
      </td>
    </tr>
  );
}
