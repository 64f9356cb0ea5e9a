// 'Voir les données': the table behind a chart, shown on demand on screen and always in print (print.css).
import { useId, useState, type ReactNode } from 'react';
import { DASH_TEXT as T } from './strings';

export function DataToggle({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className="dash-data">
      <button type="button" className="btn btn-ghost dash-data-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        {open ? T.hideData : T.showData}
      </button>
      <table id={id} className={open ? 'dash-table' : 'dash-table dash-table-hidden'}>
        <caption>{caption}</caption>
        <thead><tr>{head.map((h) => <th key={h} scope="col">{h}</th>)}</tr></thead>
        <tbody>{rows.map((r, i) => <tr key={i}>{r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}</tr>)}</tbody>
      </table>
    </div>
  );
}
