// Équipes tab ('Gestion des équipes'): one card per team with members, Signalements, Résolus, progress and creation date.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Pencil, Plus, Trash2, Users } from 'lucide-react';
import { Button, ConfirmDialog, IconButton, ProgressBar, toast } from '../../ui';
import type { Team } from '../../core/types';
import type { Failure } from '../../core/result';
import { teamStatsFromCounts } from '../../core/admin/teamStats';
import { indexTeamCounts } from '../../core/pointIndex/queries';
import { formatCount, formatDateFr } from '../../core/format';
import { teamsAtom } from '../../state/tables';
import { pointIndexAtom } from '../../state/pointIndex';
import { adminProfilesAtom, deleteTeam, loadTeamsData, saveTeam } from '../../state/adminActions';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { TeamFormDialog } from './TeamFormDialog';

export function TeamsTab() {
  const teams = useAtomValue(teamsAtom);
  const points = useAtomValue(pointIndexAtom);
  const profiles = useAtomValue(adminProfilesAtom);
  const { status, reload } = useLoad(loadTeamsData);
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<Failure | null>(null);
  const stats = useMemo(() => teamStatsFromCounts(teams.map((t) => t.id), indexTeamCounts(points.index), profiles), [teams, points, profiles]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteFailure(null);
    const r = await deleteTeam(deleting.id);
    setDeleteBusy(false);
    if (r.ok) { toast(A.teams.deleted, 'success'); setDeleting(null); }
    else setDeleteFailure(r);
  };

  return (
    <div className="admin-tab teams-tab">
      <div className="admin-toolbar">
        <h3 className="admin-heading">{A.teams.heading}</h3>
        <Button variant="primary" icon={<Plus size={16} aria-hidden="true" />} onClick={() => setEditing('new')} disabled={status !== 'ready'}>{A.teams.add}</Button>
      </div>
      {status !== 'ready' ? <LoadState status={status} error={A.teams.loadError} onRetry={reload} /> : teams.length === 0 ? (
        <div className="admin-empty"><p className="admin-empty-title">{A.teams.empty}</p><p>{A.teams.emptyHint}</p></div>
      ) : (
        <ul className="admin-cards" aria-label={A.teams.heading}>
          {teams.map((t) => {
            const s = stats.get(t.id)!;
            return (
              <li key={t.id} className="admin-card team-card" data-team={t.name}>
                <div className="admin-card-head">
                  <h4 className="admin-card-title">{t.name}</h4>
                  <IconButton label={`${A.edit} ${t.name}`} icon={<Pencil size={16} />} onClick={() => setEditing(t)} />
                  <IconButton label={`${A.delete} ${t.name}`} icon={<Trash2 size={16} />} onClick={() => { setDeleteFailure(null); setDeleting(t); }} />
                </div>
                <p className="team-members"><Users size={14} aria-hidden="true" /> {A.teams.members(s.members)}</p>
                {t.description && <p className="team-description">{t.description}</p>}
                <dl className="team-stats">
                  <div><dt>{A.teams.points}</dt><dd data-stat="total">{formatCount(s.total)}</dd></div>
                  <div><dt>{A.teams.resolved}</dt><dd data-stat="resolved">{formatCount(s.resolved)}</dd></div>
                  <div><dt>{A.teams.progress}</dt><dd data-stat="percent">{s.percent} %</dd></div>
                </dl>
                <ProgressBar value={s.percent / 100} label={`${A.teams.progress} ${t.name}`} />
                <p className="muted small">{A.teams.createdOn(formatDateFr(t.createdAt))}</p>
              </li>
            );
          })}
        </ul>
      )}
      {editing && (
        <TeamFormDialog
          team={editing === 'new' ? null : editing}
          onSave={async (t) => { await saveTeam(t); toast(A.teams.saved, 'success'); }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting} name={deleting ? `« ${deleting.name} »` : ''} what={A.teams.deleteWhat}
        busy={deleteBusy} error={deleteFailure?.message ?? null} blocked={deleteFailure?.kind === 'in_use'} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
