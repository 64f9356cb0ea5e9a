// The printed inspection record (docs/product.md#inspection-records): the PDF is the browser's print of this
// dedicated A4 layout, never of the screen. Header with the record's facts, a summary per zone and criticality,
// stretches not inspected, the anomalies per zone (state when found, remark), annotations and a signature block.
// Rendered under <body>, hidden on screen; ./inspectionPrint.css shows it alone when printing.
import { createPortal } from 'react-dom';
import { STATUS_LABELS } from '../../core/constants';
import { formatDateTimeFr, formatKm } from '../../core/format';
import { INSPECTION_DOC_TEXT as T, type InspectionDoc } from '../../core/inspection/docText';
import { OUTSIDE_ZONE_KEY, type InspectionFinding } from '../../core/inspection/record';
import './inspectionPrint.css';

export function InspectionPrint({ doc, recordId }: { doc: InspectionDoc; recordId: string }) {
  const zones: [string, InspectionFinding[]][] = [];
  const byKey = new Map<string, InspectionFinding[]>();
  for (const f of doc.findings) {
    const k = f.zone_id ?? OUTSIDE_ZONE_KEY;
    if (!byKey.has(k)) { byKey.set(k, []); zones.push([k, byKey.get(k)!]); }
    byKey.get(k)!.push(f);
  }
  for (const k of Object.keys(doc.remarks)) if (!byKey.has(k)) { byKey.set(k, []); zones.push([k, byKey.get(k)!]); }
  const zoneName = (k: string) => (k === OUTSIDE_ZONE_KEY ? T.outside : doc.zoneNames.get(k) ?? k);
  const level = (l: string) => doc.levelNames.get(l) ?? l;
  const levels = [...new Set(doc.findings.map((f) => f.criticality))].sort((a, b) => level(a).localeCompare(level(b), 'fr'));

  return createPortal(
    <div className="inspection-print" data-testid="inspection-print">
      <header className="ip-head">
        <h1>{T.title}</h1>
        <dl className="ip-facts">
          <div><dt>{T.line}</dt><dd>{doc.lineName}</dd></div>
          <div><dt>{T.inspector}</dt><dd>{doc.inspector}</dd></div>
          <div><dt>{T.date}</dt><dd>{formatDateTimeFr(doc.inspectedAt)}</dd></div>
          <div><dt>{T.range}</dt><dd>PK {formatKm(doc.kmFrom)} → PK {formatKm(doc.kmTo)}</dd></div>
          <div><dt>{T.found}</dt><dd>{doc.findings.length}</dd></div>
          <div><dt>{T.saved}</dt><dd>{formatDateTimeFr(doc.createdAt)}</dd></div>
        </dl>
        {doc.comparison && <p className="ip-compare">{T.today} : {doc.comparison}</p>}
      </header>

      {doc.findings.length > 0 && (
        <section className="ip-block">
          <h2>Synthèse par zone et criticité</h2>
          <table className="ip-table ip-summary">
            <thead><tr><th scope="col">Zone</th>{levels.map((l) => <th scope="col" key={l}>{level(l)}</th>)}<th scope="col">Total</th></tr></thead>
            <tbody>
              {zones.filter(([, rows]) => rows.length).map(([k, rows]) => (
                <tr key={k}><th scope="row">{zoneName(k)}</th>{levels.map((l) => <td key={l}>{rows.filter((f) => f.criticality === l).length || '—'}</td>)}<td>{rows.length}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      <section className="ip-block">
        <h2>{T.notInspected}</h2>
        {doc.notInspected.length === 0 ? <p>{T.none}</p> : (
          <ul>{doc.notInspected.map((s, k) => <li key={k}>PK {formatKm(s.km_from)} → PK {formatKm(s.km_to)} : {s.reason}</li>)}</ul>
        )}
      </section>

      <section className="ip-block">
        <h2>{T.found}</h2>
        {doc.findings.length === 0 && <p>{T.noFinding}</p>}
        {zones.map(([k, rows]) => (
          <div key={k} className="ip-zone">
            <h3>{zoneName(k)} ({rows.length})</h3>
            {doc.remarks[k] && <p className="ip-remark">{T.remarks} : {doc.remarks[k]}</p>}
            {rows.length > 0 && (
              <table className="ip-table">
                <thead><tr>{T.cols.map((c) => <th scope="col" key={c}>{c}</th>)}</tr></thead>
                <tbody>
                  {rows.map((f) => (
                    <tr key={f.id}><td className="ip-nowrap">{formatKm(f.km)}</td><td>{f.name || '—'}</td><td>{STATUS_LABELS[f.status] ?? f.status}</td>
                      <td>{level(f.criticality)}</td><td>{f.team_name ?? '—'}</td><td>{f.ticket ?? '—'}</td></tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </section>

      {doc.annotations.length > 0 && (
        <section className="ip-block">
          <h2>{T.annotations}</h2>
          <ul>{doc.annotations.map((a, k) => <li key={k}>{formatDateTimeFr(a.at)} — {a.author} : {a.body}</li>)}</ul>
        </section>
      )}

      <section className="ip-signatures" aria-label={T.signature}>
        <h2>{T.signature}</h2>
        <div className="ip-sign-row">
          {T.signer.map((who) => (
            <div key={who} className="ip-sign">
              <p className="ip-sign-who">{who}</p>
              {T.signLines.map((l) => <p key={l} className="ip-sign-line">{l}</p>)}
            </div>
          ))}
        </div>
      </section>
      <p className="ip-ref">Tournée n° {recordId}</p>
    </div>,
    document.body,
  );
}
