// The dashboard's supervisor view (docs/product.md#supervisor-view): per assignee and per team, the open and late
// points and the median times to the first intervention and to resolution over the period. The name and open
// cells open the list of that assignee's or team's open points, the late cell the same list with 'En retard'.
// Reads its own rows (public.supervisor_stats) with the dashboard's choices.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Button, ProgressBar } from '../../ui';
import { teamsAtom, activeLineAtom } from '../../state/tables';
import { pointIndexAtom } from '../../state/pointIndex';
import { dashboardAllLinesAtom, dashboardPeriodAtom, dashboardTeamsAtom } from '../../state/dashboard';
import { loadSupervisor, openSupervisorList, supervisorLoadAtom } from '../../state/supervisor';
import { formatHours, type SupervisorRow } from '../../core/dashboard/supervisor';
import { formatCount } from '../../core/format';
import { SUPERVISOR_TEXT as T } from './supervisorStrings';

export function SupervisorCard({ listable }: { listable: boolean }) {
  const period = useAtomValue(dashboardPeriodAtom);
  const allLines = useAtomValue(dashboardAllLinesAtom);
  const teamIds = useAtomValue(dashboardTeamsAtom);
  const line = useAtomValue(activeLineAtom);
  const version = useAtomValue(pointIndexAtom).version;
  const load = useAtomValue(supervisorLoadAtom);
  const teams = useAtomValue(teamsAtom);
  useEffect(() => {
    const t = setTimeout(() => void loadSupervisor(), 300); // a burst of live changes reloads once
    return () => clearTimeout(t);
  }, [period, allLines, teamIds, line?.id, version]);

  const teamName = (id: string | null) => (id ? teams.find((t) => t.id === id)?.name ?? id : T.noTeam);
  const assigneeName = (r: SupervisorRow) => (r.group_id ? r.label ?? r.group_id : T.nobody);
  return (
    <figure className="dash-card dash-supervisor" data-testid="dash-supervisor">
      <figcaption>{T.title}</figcaption>
      <p className="dash-note">{T.periodNote}</p>
      {load.state === 'error' && <div className="dash-error" role="alert">{T.failed} <Button onClick={() => void loadSupervisor()}>{T.retry}</Button></div>}
      {(load.state === 'loading' || load.state === 'idle') && <div role="status"><ProgressBar label={T.loading} /></div>}
      {load.state === 'ready' && (load.assignees.length === 0 ? <p>{T.none}</p> : <>
        <SupervisorTable caption={T.byAssignee} head={T.assignee} rows={load.assignees} name={assigneeName} listable={listable} testId="dash-supervisor-assignees" />
        <SupervisorTable caption={T.byTeam} head={T.team} rows={load.teams} name={(r) => teamName(r.group_id)} listable={listable} testId="dash-supervisor-teams" />
      </>)}
      {!listable && <p className="dash-note">{T.allLinesNote}</p>}
    </figure>
  );
}

function SupervisorTable({ caption, head, rows, name, listable, testId }: {
  caption: string; head: string; rows: SupervisorRow[]; name: (r: SupervisorRow) => string; listable: boolean; testId: string;
}) {
  const cell = (r: SupervisorRow, n: number, late: boolean) => {
    const text = formatCount(n);
    if (!listable || n === 0) return text;
    return (
      <button type="button" className="dash-cell-link" aria-label={(late ? T.lateLabel : T.openLabel)(name(r), text)}
        onClick={() => void openSupervisorList(r.group_kind, r.group_id, name(r), late)}>{text}</button>
    );
  };
  return (
    <div className="dash-supervisor-scroll">
    <table className="dash-table dash-supervisor-table" data-testid={testId}>
      <caption>{caption}</caption>
      <thead><tr><th scope="col">{head}</th><th scope="col">{T.open}</th><th scope="col">{T.late}</th>
        <th scope="col"><abbr title={T.firstInterventionFull}>{T.firstIntervention}</abbr></th>
        <th scope="col"><abbr title={T.resolutionFull}>{T.resolution}</abbr></th></tr></thead>
      <tbody>{rows.map((r) => (
        <tr key={r.group_id ?? 'none'}>
          <th scope="row">{name(r)}</th>
          <td>{cell(r, r.open, false)}</td>
          <td className={r.late > 0 ? 'dash-late' : undefined}>{cell(r, r.late, true)}</td>
          <td>{formatHours(r.first_intervention_hours)}</td>
          <td>{formatHours(r.resolution_hours)}</td>
        </tr>))}
      </tbody>
    </table>
    </div>
  );
}
