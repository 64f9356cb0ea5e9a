// Searchable checklist of the zones crossed by the range, with 'Tout sélectionner' / 'Tout désélectionner'.
import { useMemo, useState } from 'react';
import type { Zone } from '../../core/types';
import { formatKm } from '../../core/format';
import { searchZones } from '../../core/report/rules';
import { Button, TrackBadge } from '../../ui';
import { FORM_TEXT } from './strings';

export interface ZonePickerProps {
  zones: readonly Zone[]; // the zones crossed, in display order
  selected: ReadonlySet<string>;
  onChange: (ids: Set<string>) => void;
}

export function ZonePicker({ zones, selected, onChange }: ZonePickerProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchZones(zones, query), [zones, query]);
  const setAll = (on: boolean) => {
    const next = new Set(selected);
    for (const z of shown) if (on) next.add(z.id); else next.delete(z.id);
    onChange(next);
  };
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id); else next.add(id);
    onChange(next);
  };
  const count = zones.filter((z) => selected.has(z.id)).length;
  return (
    <fieldset className="report-zones">
      <legend className="field-label">{FORM_TEXT.zones} <span className="muted">({FORM_TEXT.selectedCount(count, zones.length)})</span></legend>
      <div className="report-zones-tools">
        <input type="search" className="input" placeholder={FORM_TEXT.searchZones} aria-label={FORM_TEXT.searchZones}
          value={query} onChange={(e) => setQuery(e.target.value)} />
        <Button size="sm" onClick={() => setAll(true)} disabled={shown.length === 0}>{FORM_TEXT.selectAll}</Button>
        <Button size="sm" onClick={() => setAll(false)} disabled={shown.length === 0}>{FORM_TEXT.deselectAll}</Button>
      </div>
      {shown.length === 0 ? (
        <p className="muted report-zones-empty">{zones.length === 0 ? FORM_TEXT.noZone : FORM_TEXT.noZoneMatch}</p>
      ) : (
        <ul className="report-zones-list">
          {shown.map((z) => (
            <li key={z.id}>
              <label className="report-zone-row">
                <input type="checkbox" checked={selected.has(z.id)} onChange={() => toggle(z.id)} />
                <span className="chip-dot" style={{ background: z.color }} aria-hidden="true" />
                <span className="report-zone-name">{z.name}</span>
                <TrackBadge track={z.track} showNone />
                <span className="muted report-zone-km">PK {formatKm(z.kmStart)} → {formatKm(z.kmEnd)}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
