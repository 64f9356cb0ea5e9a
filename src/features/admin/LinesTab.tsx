// 'Lignes' tab: the lines of the network in their order: create (code, name), rename, move up/down,
// archive (the confirmation tells how many points it holds) or bring back, show it (the 'Règle PK et image' and Zones tabs then
// edit its image, markers and zones).
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { Archive, ArchiveRestore, ArrowDown, ArrowUp, Eye, Pencil, Plus } from 'lucide-react';
import { ActionConfirmDialog, Button, IconButton, TextInput, toast } from '../../ui';
import type { Line } from '../../core/types';
import type { Result } from '../../core/result';
import { lineLabel } from '../../core/lines/filterLines';
import { activeLineAtom, linesAtom } from '../../state/tables';
import { countLinePoints, createLine, loadLines, moveLine, renameLine, setLineArchived } from '../../state/lineAdminActions';
import { selectLine } from '../../state/lineActions';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { LINES_TEXT as T } from './linesStrings';

export function LinesTab() {
  const lines = useAtomValue(linesAtom);
  const active = useAtomValue(activeLineAtom);
  const { status, reload } = useLoad(loadLines);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<{ line: Line; code: string; name: string; error: string | null } | null>(null);
  const [archiving, setArchiving] = useState<{ line: Line; points: number } | null>(null);
  const [archiveError, setArchiveError] = useState<string | null>(null);
  const activeCount = lines.filter((l) => !l.archived).length;

  /** Runs a change with the form busy; a failed one says so ('Erreur lors de l'enregistrement de la ligne' for a throw). */
  const guard = async (fn: () => Promise<Result | void>) => {
    setBusy(true);
    try {
      const r = await fn();
      if (r && !r.ok) toast(r.message, 'error');
    } catch (e) {
      console.error(e);
      toast(T.saveError, 'error');
    } finally {
      setBusy(false);
    }
  };
  const submitNew = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim() || !name.trim()) { setFormError(T.required); return; }
    void guard(async () => {
      const r = await createLine({ code: code.trim(), name: name.trim() });
      if (!r.ok) { setFormError(r.message); return; }
      setCode(''); setName(''); setFormError(null);
      toast(T.created, 'success');
    });
  };
  const submitRename = (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    if (!editing.code.trim() || !editing.name.trim()) { setEditing({ ...editing, error: T.required }); return; }
    void guard(async () => {
      const r = await renameLine({ line: editing.line, code: editing.code, name: editing.name });
      if (!r.ok) { setEditing({ ...editing, error: r.message }); return; }
      setEditing(null);
      toast(T.saved, 'success');
    });
  };
  const askArchive = (line: Line) => void guard(async () => {
    setArchiveError(null);
    setArchiving({ line, points: await countLinePoints(line.id) });
  });
  const confirmArchive = () => {
    if (!archiving) return;
    if (activeCount <= 1) { setArchiveError(T.lastLine); return; }
    void guard(async () => {
      // The line shown, once archived, leaves the picker: the app then shows the default line (LineFollower).
      const r = await setLineArchived({ line: archiving.line, archived: true });
      if (!r.ok) return r;
      setArchiving(null);
      toast(T.archivedDone, 'success');
    });
  };

  return (
    <div className="admin-tab lines-tab">
      <div className="admin-toolbar"><h3 className="admin-heading">{T.heading}</h3></div>
      <p className="muted small">{T.help}</p>
      {status !== 'ready' ? <LoadState status={status} error={T.loadError} onRetry={reload} /> : (
        <table className="admin-table lines-table">
          <thead><tr><th>{T.order}</th><th>{T.code}</th><th>{T.name}</th><th>{T.state}</th><th className="cell-actions">{T.actions}</th></tr></thead>
          <tbody>
            {lines.map((l, i) => {
              const label = lineLabel(l);
              const isEditing = editing?.line.id === l.id;
              return (
                <tr key={l.id} data-line={l.code} className={l.archived ? 'is-archived' : ''}>
                  <td>
                    <IconButton label={T.moveUp(label)} icon={<ArrowUp size={16} />} disabled={busy || i === 0} onClick={() => void guard(() => moveLine({ id: l.id, by: -1 }))} />
                    <IconButton label={T.moveDown(label)} icon={<ArrowDown size={16} />} disabled={busy || i === lines.length - 1} onClick={() => void guard(() => moveLine({ id: l.id, by: 1 }))} />
                  </td>
                  {isEditing ? (
                    <td colSpan={2}>
                      <form className="lines-rename" onSubmit={submitRename}>
                        <TextInput label={T.code} value={editing.code} maxLength={40} onChange={(e) => setEditing({ ...editing, code: e.target.value })} />
                        <TextInput label={T.name} value={editing.name} maxLength={200} onChange={(e) => setEditing({ ...editing, name: e.target.value })} error={editing.error ?? undefined} />
                        <Button type="submit" variant="primary" busy={busy}>{'Enregistrer'}</Button>
                        <Button type="button" onClick={() => setEditing(null)}>{'Annuler'}</Button>
                      </form>
                    </td>
                  ) : (
                    <><td className="line-code">{l.code}</td><td>{l.name}{active?.id === l.id && <span className="badge"> {T.shown}</span>}</td></>
                  )}
                  <td>{l.archived ? T.archived : T.active}</td>
                  <td className="cell-actions">
                    {!l.archived && active?.id !== l.id && <IconButton label={T.show(label)} icon={<Eye size={16} />} onClick={() => void selectLine(l.id)} />}
                    <IconButton label={T.rename(label)} icon={<Pencil size={16} />} disabled={busy} onClick={() => setEditing({ line: l, code: l.code, name: l.name, error: null })} />
                    {l.archived
                      ? <IconButton label={T.unarchive(label)} icon={<ArchiveRestore size={16} />} disabled={busy}
                          onClick={() => void guard(async () => { const r = await setLineArchived({ line: l, archived: false }); if (r.ok) toast(T.unarchivedDone, 'success'); return r; })} />
                      : <IconButton label={T.archive(label)} icon={<Archive size={16} />} disabled={busy} onClick={() => askArchive(l)} />}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <form className="lines-new" onSubmit={submitNew} aria-label={T.addTitle}>
        <h4 className="admin-subheading">{T.addTitle}</h4>
        <TextInput label={T.code} value={code} maxLength={40} onChange={(e) => setCode(e.target.value)} />
        <TextInput label={T.name} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} error={formError ?? undefined} />
        <Button type="submit" variant="primary" icon={<Plus size={16} aria-hidden="true" />} busy={busy} disabled={status !== 'ready'}>{T.add}</Button>
      </form>
      <ActionConfirmDialog open={!!archiving} title={T.archiveTitle} danger busy={busy} error={archiveError}
        message={archiving ? T.archiveMessage(lineLabel(archiving.line), archiving.points) : ''} confirmLabel={T.archiveConfirm}
        onConfirm={confirmArchive} onCancel={() => setArchiving(null)} />
    </div>
  );
}
