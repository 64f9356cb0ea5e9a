// The whole old and new texts of a shortened text change (history and Journal), behind a
// native disclosure so that the line stays short until asked.
import './fullTextChanges.css';
export interface FullTextChange { label: string; old: string; new: string }

export function FullTextChanges({ changes }: { changes: FullTextChange[] }) {
  if (!changes.length) return null;
  return (
    <details className="full-text-changes">
      <summary>Voir le texte complet</summary>
      {changes.map((c) => (
        <dl key={c.label}>
          <dt>{c.label}, avant</dt><dd>{c.old || '(vide)'}</dd>
          <dt>{c.label}, après</dt><dd>{c.new || '(vide)'}</dd>
        </dl>
      ))}
    </details>
  );
}
