// 'Tournées' (docs/product.md#inspection-records): the records the user may read, filtered by line, person and
// dates, newest first; one opens as saved (InspectionView); an admin may delete one (DeleteInspectionButton).
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { formatDateTimeFr, formatKm } from '../../core/format';
import { listInspections, type InspectionSummary } from '../../state/inspectionActions';
import { isAdminAtom } from '../../state/session';
import { activeLineAtom, linesAtom } from '../../state/tables';
import { Button, Dialog, Select, TextInput } from '../../ui';
import { DeleteInspectionButton } from './DeleteInspectionButton';
import { InspectionView } from './InspectionView';
import { INSPECTION_TEXT as T } from './strings';
import './inspections.css';

export function InspectionsDialog({ onClose, openId }: { onClose: () => void; openId?: string | null }) {
  const lines = useAtomValue(linesAtom);
  const active = useAtomValue(activeLineAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const [lineId, setLineId] = useState<string>(active?.id ?? '');
  const [person, setPerson] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rows, setRows] = useState<InspectionSummary[] | null>(null);
  const [error, setError] = useState(false);
  const [open, setOpen] = useState<string | null>(openId ?? null);

  useEffect(() => {
    let live = true;
    setError(false);
    const end = to ? new Date(new Date(to).getTime() + 86_400_000).toISOString() : null;
    listInspections({ lineId: lineId || null, from: from ? new Date(from).toISOString() : null, to: end })
      .then((r) => { if (live) setRows(r); })
      .catch((e) => { console.error('Tournées', e); if (live) setError(true); });
    return () => { live = false; };
  }, [lineId, from, to, open]);

  const people = useMemo(() => [...new Map((rows ?? []).map((r) => [r.inspector, r.inspector_email])).entries()], [rows]);
  const shown = (rows ?? []).filter((r) => !person || r.inspector === person);
  const total = (r: InspectionSummary) => Object.values(r.counts).reduce((n, byLevel) => n + Object.values(byLevel).reduce((a, b) => a + b, 0), 0);

  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={T.list} size="lg" className="inspections-dialog">
      {open ? (
        <InspectionView id={open} onBack={() => setOpen(null)} />
      ) : (
        <>
          <div className="inspection-filters">
            <Select label={T.filterLine} value={lineId} onChange={(e) => setLineId(e.target.value)}>
              <option value="">{T.allLines}</option>
              {lines.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
            </Select>
            <Select label={T.filterPerson} value={person} onChange={(e) => setPerson(e.target.value)}>
              <option value="">{T.everyone}</option>
              {people.map(([id, email]) => <option key={id} value={id}>{email || id}</option>)}
            </Select>
            <TextInput label={T.filterFrom} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
            <TextInput label={T.filterTo} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
          </div>
          {error && <p className="field-error" role="alert">{T.loadFailed}</p>}
          {rows && shown.length === 0 && <p className="empty-text">{T.empty}</p>}
          <ul className="inspection-list">
            {shown.map((r) => (
              <li key={r.id} className="inspection-item">
                <button type="button" className="inspection-row" onClick={() => setOpen(r.id)}>
                  <strong>{T.title(formatDateTimeFr(r.inspected_at))}</strong>
                  <span>{T.by(r.inspector_email || '—')} · {T.row(formatKm(r.km_from === null ? null : Number(r.km_from)), formatKm(r.km_to === null ? null : Number(r.km_to)), total(r))}</span>
                </button>
                {isAdmin && <DeleteInspectionButton id={r.id} date={formatDateTimeFr(r.inspected_at)}
                  onDeleted={(id) => setRows((all) => (all ?? []).filter((x) => x.id !== id))} />}
              </li>
            ))}
          </ul>
          <Button onClick={onClose}>{T.close}</Button>
        </>
      )}
    </Dialog>
  );
}
