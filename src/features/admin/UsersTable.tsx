// Users table: email, team selector ('-- Sans équipe --'), role badge, role selector (docs/product.md#users), access state with
// 'Désactiver' / 'Réactiver' (not on one's own row).
import type { Profile, Role, Team } from '../../core/types';
import { A } from './strings';

export interface UsersTableProps {
  profiles: Profile[];
  teams: Team[];
  meId: string | null;
  busyId: string | null;
  onTeam: (p: Profile, teamId: string | null) => void;
  onRole: (p: Profile, role: Role) => void;
  /** 'Désactiver' / 'Réactiver' (asks for confirmation first). */
  onAccess?: (p: Profile) => void;
}

export function UsersTable({ profiles, teams, meId, busyId, onTeam, onRole, onAccess }: UsersTableProps) {
  if (profiles.length === 0) return <p className="admin-empty">{A.users.emptyUsers}</p>;
  return (
    <table className="admin-table admin-cardtable users-table">
      <thead>
        <tr><th scope="col">{A.users.colEmail}</th><th scope="col">{A.users.colTeam}</th><th scope="col">{A.users.colRole}</th><th scope="col">{A.users.colChangeRole}</th><th scope="col">{A.users.colAccess}</th></tr>
      </thead>
      <tbody>
        {profiles.map((p) => (
          <tr key={p.id} data-email={p.email} className={p.active === false ? 'user-inactive' : undefined}>
            <td data-label={A.users.colEmail} className="cell-email">{p.email}{p.id === meId && <span className="muted"> {A.users.you}</span>}</td>
            <td data-label={A.users.colTeam}>
              <select className="input select" aria-label={A.users.teamOf(p.email)} value={p.teamId ?? ''} disabled={busyId === p.id}
                onChange={(e) => onTeam(p, e.target.value || null)}>
                <option value="">{A.users.noTeam}</option>
                {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
              </select>
            </td>
            <td data-label={A.users.colRole}><span className={`badge role-badge role-${p.role}`}>{A.users.roles[p.role]}</span></td>
            <td data-label={A.users.colChangeRole}>
              <select className="input select" aria-label={A.users.roleOf(p.email)} value={p.role} disabled={busyId === p.id}
                onChange={(e) => onRole(p, e.target.value as Role)}>
                <option value="user">{A.users.roles.user}</option>
                <option value="admin">{A.users.roles.admin}</option>
              </select>
            </td>
            <td data-label={A.users.colAccess} className="cell-access">
              <span className={`badge access-badge ${p.active === false ? 'access-off' : 'access-on'}`}>{p.active === false ? A.users.inactive : A.users.active}</span>
              {onAccess && p.id !== meId && (
                <button type="button" className={`btn btn-sm ${p.active === false ? 'btn-secondary' : 'btn-danger'}`} disabled={busyId === p.id}
                  aria-label={`${p.active === false ? A.users.reactivate : A.users.deactivate} ${p.email}`} onClick={() => onAccess(p)}>
                  {p.active === false ? A.users.reactivate : A.users.deactivate}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
