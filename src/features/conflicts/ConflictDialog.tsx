// The edit-conflict dialog, the one dialog for online and offline conflicts: who made the
// other change and when (from the history), what changed meanwhile, field by field (mine vs theirs), with a choice
// per field (keep mine, take theirs, merge a text). Mounted once; it shows the conflict held by state/conflicts.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Dialog, TextArea } from '../../ui';
import { conflictAtom, type PendingConflict } from '../../state/conflicts';
import { criticalityLevelsAtom, teamsAtom } from '../../state/tables';
import { defaultChoice, mergeText, type Choice, type FieldDiff } from '../../core/conflict';
import { STATUS_LABELS, TRACK_LABELS } from '../../core/constants';
import { formatDateTimeFr, formatKm } from '../../core/format';
import { fetchLastChange } from '../../state/auditActions';
import type { PointStatus, Track } from '../../core/types';
import { CONFLICT_TEXT as T, FIELD_LABELS } from './strings';
import './conflicts.css';

/** Text fields that can be merged. */
const TEXT_FIELDS = new Set(['description']);

export function ConflictDialog() {
  const pending = useAtomValue(conflictAtom);
  if (!pending) return null;
  return <ConflictBody key={`${pending.table}-${String(pending.theirs.updatedAt)}`} pending={pending} />;
}

function ConflictBody({ pending }: { pending: PendingConflict }) {
  const teams = useAtomValue(teamsAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(pending.diffs.map((d) => [d.field, defaultChoice(d)])));
  const merged = useMemo(() => Object.fromEntries(pending.diffs.filter((d) => TEXT_FIELDS.has(d.field))
    .map((d) => [d.field, mergeText(String(d.base ?? ''), String(d.mine ?? ''), String(d.theirs ?? ''))])), [pending]);
  const [mergedText, setMergedText] = useState<Record<string, string>>(() => Object.fromEntries(Object.entries(merged).map(([k, r]) => [k, r.text])));
  const byline = useOtherChange(pending);

  const show = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === '') return T.empty;
    if (field === 'status') return STATUS_LABELS[v as PointStatus] ?? String(v);
    if (field === 'teamId') return teams.find((t) => t.id === v)?.name ?? String(v);
    if (field === 'criticality') return levels.find((l) => l.id === v)?.name ?? String(v);
    if (field === 'track') return TRACK_LABELS[(v as Track) ?? 'none'];
    if (field === 'kilometer' || (pending.table === 'kilometer_markers' && field === 'value')) return formatKm(Number(String(v).replace(',', '.')));
    if (field === 'imageUrl') return String(v).split('/').pop() ?? String(v);
    if (field === 'points' && Array.isArray(v)) return `${v.length} sommets`;
    if (typeof v === 'object') return JSON.stringify(v);
    return String(v);
  };

  const apply = () => {
    const out: Record<string, unknown> = { ...pending.theirs };
    for (const d of pending.diffs) {
      const c = choices[d.field];
      out[d.field] = c === 'mine' ? d.mine : c === 'theirs' ? d.theirs : mergedText[d.field];
    }
    pending.settle(out);
  };

  const row = (d: FieldDiff) => {
    const label = FIELD_LABELS[d.field] ?? d.field;
    const state = d.conflict ? T.both : d.theirsChanged ? T.onlyTheirs : T.onlyMine;
    const name = `conflict-${d.field}`;
    const radio = (value: Choice, text: string) => (
      <label className="conflict-choice">
        <input type="radio" name={name} value={value} checked={choices[d.field] === value}
          onChange={() => setChoices((c) => ({ ...c, [d.field]: value }))} />
        {text}
      </label>
    );
    return (
      <fieldset key={d.field} className="conflict-field" data-field={d.field}>
        <legend>{label} <span className="conflict-state">({state})</span></legend>
        <dl className="conflict-values">
          <dt>{T.mine}</dt><dd className="conflict-mine">{show(d.field, d.mine)}</dd>
          <dt>{T.theirs}</dt><dd className="conflict-theirs">{show(d.field, d.theirs)}</dd>
        </dl>
        <div className="conflict-choices" role="radiogroup" aria-label={label}>
          {radio('mine', T.keepMine)}
          {radio('theirs', T.takeTheirs)}
          {TEXT_FIELDS.has(d.field) && d.conflict && radio('merge', T.merge)}
        </div>
        {choices[d.field] === 'merge' && (
          <>
            <TextArea label={T.mergedLabel(label)} name={`merged-${d.field}`} rows={4} value={mergedText[d.field] ?? ''}
              onChange={(e) => setMergedText((m) => ({ ...m, [d.field]: e.target.value }))} />
            {merged[d.field]?.conflicts > 0 && <p className="conflict-note">{T.mergeConflicts}</p>}
          </>
        )}
      </fieldset>
    );
  };

  return (
    <Dialog open onOpenChange={(o) => { if (!o) pending.settle(null); }} title={T.title} size="md" className="conflict-dialog"
      footer={<><Button onClick={() => pending.settle(null)}>{T.cancel}</Button><Button variant="primary" onClick={apply}>{T.apply}</Button></>}>
      <p>{T.intro}</p>
      {byline && <p className="conflict-byline" data-testid="conflict-byline">{byline}</p>}
      {pending.diffs.map(row)}
    </Dialog>
  );
}

/** 'Modifié par bob@… le 24/11/2026 14:50' from the row's history; the time of their version while it loads or without it. */
function useOtherChange(pending: PendingConflict): string | null {
  const versionAt = typeof pending.theirs.updatedAt === 'string' ? pending.theirs.updatedAt : null;
  const [last, setLast] = useState<{ email: string | null; at: string } | null>(null);
  useEffect(() => {
    if (!pending.rowId) return;
    let live = true;
    void fetchLastChange(pending.table, pending.rowId).then((r) => { if (live) setLast(r); });
    return () => { live = false; };
  }, [pending.table, pending.rowId]);
  const at = last?.at ?? versionAt;
  if (!at) return null;
  return T.changedBy(last?.email ?? null, formatDateTimeFr(at));
}
