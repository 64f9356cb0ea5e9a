// One inspection record as saved (docs/product.md#inspection-records): who, when, range, the comparison with the
// line today, stretches not inspected, the anomalies found per zone with their state at that time and the zone's
// remark, annotations (also after the 24-hour lock), Word export and printing (PDF: the browser's print of the
// dedicated A4 layout of ./InspectionPrint, with a signature block).
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { STATUS_LABELS } from '../../core/constants';
import { formatDateTimeFr, formatKm } from '../../core/format';
import { isLocked, OUTSIDE_ZONE_KEY, type InspectionFinding } from '../../core/inspection/record';
import { annotateInspection, compareRecordWithToday, getInspection, downloadInspectionWord, inspectionDocOf, listAnnotations, zoneNamesOf, type AnnotationRow, type InspectionRow } from '../../state/inspectionActions';
import { criticalityLevelsAtom } from '../../state/tables';
import { profileAtom } from '../../state/session';
import { Button, TextArea } from '../../ui';
import { INSPECTION_TEXT as T } from './strings';
import { InspectionPrint } from './InspectionPrint';

const km = (v: number | string | null) => formatKm(v === null ? null : Number(v));

export function InspectionView({ id, onBack }: { id: string; onBack: () => void }) {
  const [record, setRecord] = useState<InspectionRow | null | undefined>(undefined);
  const [notes, setNotes] = useState<AnnotationRow[]>([]);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [wordError, setWordError] = useState<string | null>(null);
  const levels = useAtomValue(criticalityLevelsAtom);
  const me = useAtomValue(profileAtom);

  useEffect(() => {
    let live = true;
    Promise.all([getInspection(id), listAnnotations(id)])
      .then(([r, a]) => { if (live) { setRecord(r); setNotes(a); } })
      .catch((e) => { console.error('Tournée', e); if (live) setRecord(null); });
    return () => { live = false; };
  }, [id]);

  if (record === undefined) return <p role="status">Chargement...</p>;
  if (record === null) return <><p className="field-error" role="alert">{T.gone}</p><Button onClick={onBack}>{T.back}</Button></>;

  const zoneNames = zoneNamesOf(record);
  const levelName = (l: string) => levels.find((x) => x.id === l)?.name ?? l;
  const groups = new Map<string, InspectionFinding[]>();
  for (const f of record.findings) { const k = f.zone_id ?? OUTSIDE_ZONE_KEY; if (!groups.has(k)) groups.set(k, []); groups.get(k)!.push(f); }
  for (const k of Object.keys(record.remarks)) if (!groups.has(k)) groups.set(k, []);
  const zoneName = (k: string) => (k === OUTSIDE_ZONE_KEY ? T.outside : zoneNames.get(k) ?? k);
  const comparison = compareRecordWithToday(record);
  const author = (uid: string) => (uid === me?.id ? me.email : uid === record.inspector ? record.inspector_email : '—');

  const word = async () => {
    setBusy(true);
    setWordError(null);
    const r = await downloadInspectionWord(record, notes, author);
    setBusy(false);
    if (!r.ok) setWordError(r.message);
  };
  const addNote = async () => {
    setNoteError(null);
    const r = await annotateInspection(record.id, note);
    if (r.ok) { setNotes((l) => [...l, r.value]); setNote(''); } else setNoteError(r.message);
  };

  return (
    <article className="inspection-view">
      <header className="inspection-head">
        <h3>{T.title(formatDateTimeFr(record.inspected_at))}</h3>
        <p>{T.by(record.inspector_email || '—')} · PK {km(record.km_from)} → PK {km(record.km_to)} · {T.found(record.findings.length)}</p>
        {comparison && <p className="inspection-compare" role="status">{T.today} {comparison}</p>}
        {isLocked(record.created_at) && <p className="muted">{T.locked}</p>}
        <div className="inspection-actions no-print">
          <Button onClick={onBack}>{T.back}</Button>
          <Button variant="primary" busy={busy} onClick={() => void word()}>{T.word}</Button>
          <Button onClick={() => window.print()}>{T.pdf}</Button>
        </div>
        {wordError && <p className="field-error no-print" role="alert">{wordError}</p>}
      </header>
      <h4>{T.notInspected}</h4>
      {record.not_inspected.length === 0 ? <p>{T.noneInspected}</p> : (
        <ul>{record.not_inspected.map((s, k) => <li key={k}>PK {km(s.km_from)} → PK {km(s.km_to)} : {s.reason}</li>)}</ul>
      )}
      {[...groups.entries()].map(([k, rows]) => (
        <section key={k} className="inspection-zone">
          <h4>{zoneName(k)} ({rows.length})</h4>
          {record.remarks[k] && <p className="inspection-remark">{record.remarks[k]}</p>}
          {rows.length > 0 && (
            <table className="inspection-table">
              <thead><tr><th scope="col">PK</th><th scope="col">Libellé</th><th scope="col">Statut</th><th scope="col">Criticité</th><th scope="col">Équipe</th></tr></thead>
              <tbody>
                {rows.map((f) => (
                  <tr key={f.id}><td>{formatKm(f.km)}</td><td>{f.name || '—'}</td><td>{STATUS_LABELS[f.status]}</td><td>{levelName(f.criticality)}</td><td>{f.team_name ?? '—'}</td></tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
      <h4>{T.annotations}</h4>
      <ul>{notes.map((a) => <li key={a.id}>{formatDateTimeFr(a.created_at)} — {author(a.author)} : {a.body}</li>)}</ul>
      <InspectionPrint doc={inspectionDocOf(record, notes, author)} recordId={record.id} />
      <div className="no-print">
        <TextArea label={T.annotationLabel} rows={2} maxLength={4000} value={note} onChange={(e) => setNote(e.target.value)} error={noteError ?? undefined} />
        <Button onClick={() => void addNote()} disabled={!note.trim()}>{T.annotate}</Button>
      </div>
    </article>
  );
}
