// 'Par équipe' tab: teams with anomalies (and 'Sans équipe') with counts; once one is chosen, its points.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ArrowLeft, Users } from 'lucide-react';
import { teamsAtom } from '../../state/tables';
import { statusFilterAtom } from '../../state/filters';
import { teamRows, type TeamRow } from '../../core/sidebarLists';
import { Button, VirtualList } from '../../ui';
import { PointList } from '../points/PointList';
import { useGroupSlots, useTeamGrouping } from './useSidebarData';
import { SIDEBAR_TEXT as T } from './strings';
import { useEmptyListText } from './useEmptyListText';
import { formatCount } from '../../core/format';
import { sidebarGroupAtom } from '../../state/sidebarGroup';
import { NO_TEAM_KEY } from '../../core/sidebarLists';

export const TEAM_ROW_HEIGHT = 52; // px

export function TeamsPanel({ onPicked }: { onPicked?: () => void }) {
  const empty = useEmptyListText();
  const teams = useAtomValue(teamsAtom);
  const filter = useAtomValue(statusFilterAtom);
  const grouping = useTeamGrouping();
  const rows = useMemo(() => teamRows(teams, grouping, filter), [teams, grouping, filter]);
  const [openId, setOpenId] = useState<string | null>(null);
  const setGroup = useSetAtom(sidebarGroupAtom);
  useEffect(() => { setGroup(openId ? { kind: 'team', id: openId === NO_TEAM_KEY ? 'none' : openId } : null); return () => setGroup(null); }, [openId, setGroup]); // 'Exporter' starts from it
  const open = rows.find((r) => r.id === openId) ?? null;
  const openPoints = useGroupSlots(grouping, open?.id ?? null, filter);
  const realTeams = rows.filter((r) => !r.noTeam);

  if (open) {
    return (
      <div className="group-detail">
        <div className="group-detail-head">
          <Button size="sm" variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={() => setOpenId(null)}>{T.backToTeams}</Button>
          <strong className="group-detail-name">{open.name}</strong>
        </div>
        {openPoints.length ? <PointList slots={openPoints} ariaLabel={`${T.teams} : ${open.name}`} onPicked={onPicked} /> : <p className="empty-text">{empty}</p>}
      </div>
    );
  }

  const row = (r: TeamRow) => (
    <div className="list-row team-row">
      <button type="button" className="list-row-main" onClick={() => setOpenId(r.id)}>
        <Users size={18} aria-hidden="true" className={r.noTeam ? 'muted' : 'team-icon'} />
        <span className="list-row-text"><span className={`list-row-title ${r.noTeam ? 'muted' : ''}`}>{r.name}</span></span>
        <span className="badge count-badge" aria-label={T.count(r.count)} title={T.count(r.count)}>{formatCount(r.count)}</span>
      </button>
    </div>
  );
  return (
    <div className="group-list">
      {realTeams.length === 0 && <p className="empty-text">{T.noTeams}</p>}
      {rows.length > 0 && <VirtualList items={rows} rowHeight={TEAM_ROW_HEIGHT} ariaLabel={T.teams} getKey={(r) => r.id} renderRow={row} />}
      {rows.length > 0 && <p className="prompt-text">{T.selectTeam}</p>}
    </div>
  );
}
