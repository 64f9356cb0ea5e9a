// 'Tableau de bord' (docs/product.md#tableau-de-bord): a page over the map (full screen on a phone) with the
// open anomalies per criticality per day, reported vs resolved per week, the age of the open ones, the teams and the ten
// busiest 1-km stretches, each with its 'Voir les données' table. Loaded lazily (MainScreen): uPlot stays out of the
// map's bundle.
import { useEffect, useMemo } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { X } from 'lucide-react';
import { IconButton, ProgressBar, Button } from '../../ui';
import { criticalityLevelsAtom, linesAtom, manyLinesAtom, teamsAtom } from '../../state/tables';
import { statusFilterAtom } from '../../state/filters';
import { pointIndexAtom } from '../../state/pointIndex';
import { activeLineAtom } from '../../state/tables';
import { dashboardAllLinesAtom, dashboardLoadAtom, dashboardOpenAtom, dashboardPeriodAtom, dashboardTeamsAtom, loadDashboard, openAgeList, openStretch } from '../../state/dashboard';
import { AGE_BUCKETS, AGE_LABELS, DASHBOARD_PERIODS, NO_TEAM_ID, ageTable, formatDay, formatDays, openByDaySeries, type DashboardStats } from '../../core/dashboard/stats';
import { formatCount, formatKm } from '../../core/format';
import { STATUS_LABELS } from '../../core/constants';
import { UPlotChart } from './UPlotChart';
import { DataToggle } from './DataToggle';
import { SupervisorCard } from './SupervisorCard';
import { flowChart, openByDayChart } from './chartOptions';
import { DASH_TEXT as T } from './strings';
import './dashboard.css';

export function DashboardScreen() {
  const setOpen = useSetAtom(dashboardOpenAtom);
  const [period, setPeriod] = useAtom(dashboardPeriodAtom);
  const [allLines, setAllLines] = useAtom(dashboardAllLinesAtom);
  const [teamIds, setTeamIds] = useAtom(dashboardTeamsAtom);
  const status = useAtomValue(statusFilterAtom);
  const line = useAtomValue(activeLineAtom);
  const version = useAtomValue(pointIndexAtom).version; // any change of the points (live) reloads
  const load = useAtomValue(dashboardLoadAtom);
  const many = useAtomValue(manyLinesAtom);
  const teams = useAtomValue(teamsAtom);

  useEffect(() => {
    const t = setTimeout(() => void loadDashboard(), 300); // a burst of live changes reloads once
    return () => clearTimeout(t);
  }, [period, allLines, teamIds, status, line?.id, version]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setOpen]);

  return (
    <section className="dashboard" role="dialog" aria-modal="true" aria-labelledby="dash-title">
      <header className="dash-head">
        <h2 id="dash-title">{T.title}</h2>
        <label className="dash-field">{T.period}
          <select value={period} onChange={(e) => setPeriod(Number(e.target.value) as typeof period)}>
            {DASHBOARD_PERIODS.map((d) => <option key={d} value={d}>{T.periodDays(d)}</option>)}
          </select>
        </label>
        {many && (
          <label className="dash-field">{T.scope}
            <select value={allLines ? 'all' : 'one'} onChange={(e) => setAllLines(e.target.value === 'all')}>
              <option value="one">{T.lineShown}{line ? ` (${line.code})` : ''}</option>
              <option value="all">{T.allLines}</option>
            </select>
          </label>
        )}
        <label className="dash-field">{T.teamFilter}
          <select value={teamIds?.[0] ?? ''} onChange={(e) => setTeamIds(e.target.value ? [e.target.value] : null)}>
            <option value="">{T.allTeams}</option>
            {teams.map((t) => <option key={t.id} value={t.id}>{t.name}</option>)}
            <option value={NO_TEAM_ID}>{T.noTeam}</option>
          </select>
        </label>
        <IconButton className="dash-close" label={T.close} icon={<X size={20} aria-hidden="true" />} onClick={() => setOpen(false)} />
      </header>
      {(status === 'signale' || status === 'pris_en_charge') && <p className="dash-note" data-testid="dash-status-note">{T.statusNote(STATUS_LABELS[status])}</p>}
      {load.state === 'error' && (
        <div className="dash-error" role="alert">{T.failed} <Button onClick={() => void loadDashboard()}>{T.retry}</Button></div>
      )}
      {(load.state === 'loading' || load.state === 'idle') && <div role="status"><ProgressBar label={T.loading} /></div>}
      {load.state === 'ready' && <DashboardBody stats={load.stats} listable={!allLines || !many} />}
    </section>
  );
}

/** listable: the age bars open the sidebar's list (the line shown; the list holds only that line's points). */
function DashboardBody({ stats, listable }: { stats: DashboardStats; listable: boolean }) {
  const levels = useAtomValue(criticalityLevelsAtom);
  const teams = useAtomValue(teamsAtom);
  const lines = useAtomValue(linesAtom);
  const days = useMemo(() => openByDaySeries(stats, levels), [stats, levels]);
  const open = useMemo(() => openByDayChart(days), [days]);
  const flow = useMemo(() => flowChart(stats.flow_by_week), [stats]);
  const ages = useMemo(() => ageTable(stats, levels), [stats, levels]);
  const maxAge = Math.max(1, ...ages.flatMap((a) => AGE_BUCKETS.map((b) => a.counts[b])));
  const teamName = (id: string | null) => (id ? teams.find((t) => t.id === id)?.name ?? id : T.noTeam);
  const lineCode = (id: string) => lines.find((l) => l.id === id)?.code ?? '';
  return (
    <div className="dash-grid">
      <figure className="dash-card" data-testid="dash-open">
        <figcaption>{T.openByDay}</figcaption>
        <ul className="dash-legend">{days.series.map((s) => <li key={s.level}><span style={{ background: s.color }} />{s.name}</li>)}</ul>
        <UPlotChart label="open" options={open.options} data={open.data} />
        <DataToggle caption={T.openByDay} head={[T.day, ...days.series.map((s) => s.name)]}
          rows={days.days.map((d, i) => [formatDay(d), ...days.series.map((s) => formatCount(s.values[i]))])} />
      </figure>
      <figure className="dash-card" data-testid="dash-flow">
        <figcaption>{T.flow}</figcaption>
        <ul className="dash-legend"><li><span style={{ background: '#2563eb' }} />{T.reported}</li><li><span style={{ background: '#16a34a' }} />{T.resolved}</li></ul>
        <UPlotChart label="flow" options={flow.options} data={flow.data} />
        <DataToggle caption={T.flow} head={[T.week, T.reported, T.resolved]}
          rows={stats.flow_by_week.map((w) => [formatDay(w.week), formatCount(w.reported), formatCount(w.resolved)])} />
      </figure>
      <figure className="dash-card" data-testid="dash-ages">
        <figcaption>{T.ages}</figcaption>
        <div className="dash-bars">
          {ages.map((a) => AGE_BUCKETS.map((b) => {
            const bar = <>
              <span className="dash-bar-label">{a.name}, {AGE_LABELS[b].toLowerCase()}</span>{' '}
              <span className="dash-bar" style={{ width: `${(100 * a.counts[b]) / maxAge}%`, background: a.color }} />{' '}
              <span className="dash-bar-n">{formatCount(a.counts[b])}</span>
            </>;
            return listable && a.counts[b] > 0
              ? <button key={`${a.level}-${b}`} type="button" className="dash-bar-row dash-bar-button"
                  aria-label={T.ageBarLabel(a.name, AGE_LABELS[b].toLowerCase(), formatCount(a.counts[b]))} onClick={() => openAgeList(b, a.level)}>{bar}</button>
              : <div key={`${a.level}-${b}`} className="dash-bar-row">{bar}</div>;
          }))}
        </div>
        {!listable && <p className="dash-note">{T.agesAllLines}</p>}
        <DataToggle caption={T.ages} head={[T.level, ...AGE_BUCKETS.map((b) => AGE_LABELS[b])]}
          rows={ages.map((a) => [a.name, ...AGE_BUCKETS.map((b) => (listable && a.counts[b] > 0
            ? <button type="button" className="dash-cell-link" aria-label={T.ageBarLabel(a.name, AGE_LABELS[b].toLowerCase(), formatCount(a.counts[b]))}
                onClick={() => openAgeList(b, a.level)}>{formatCount(a.counts[b])}</button>
            : formatCount(a.counts[b])))])} />
      </figure>
      <figure className="dash-card" data-testid="dash-teams">
        <figcaption>{T.teams}</figcaption>
        <table className="dash-table">
          <thead><tr><th scope="col">{T.team}</th><th scope="col">{T.open}</th><th scope="col">{T.inProgress}</th><th scope="col">{T.resolvedPeriod}</th><th scope="col">{T.medianDays}</th></tr></thead>
          <tbody>{stats.teams.map((t) => (
            <tr key={t.team_id ?? 'none'}><th scope="row">{teamName(t.team_id)}</th><td>{formatCount(t.open)}</td><td>{formatCount(t.in_progress)}</td>
              <td>{formatCount(t.resolved)}</td><td>{formatDays(t.median_days)}</td></tr>))}</tbody>
        </table>
      </figure>
      <figure className="dash-card" data-testid="dash-stretches">
        <figcaption>{T.stretches}</figcaption>
        {stats.stretches.length === 0 ? <p>{T.none}</p> : (
          <ol className="dash-stretches">{stats.stretches.map((s) => (
            <li key={`${s.line_id}-${s.km}`}>
              <button type="button" className="btn btn-ghost" onClick={() => void openStretch(s.line_id, s.km)}>
                <span className="dash-dot" aria-hidden="true" style={{ background: levels.find((l) => l.id === s.worst_criticality)?.color ?? '#9ca3af' }} />
                {lineCode(s.line_id)} PK {formatKm(s.km)}-{formatKm(s.km + 1)} : {formatCount(s.open)}<span className="sr-only">{T.stretchOpen}</span>
                {' '}({T.score} {formatCount(s.score)}) · {levels.find((l) => l.id === s.worst_criticality)?.name ?? s.worst_criticality}
                <span className="sr-only">{T.stretchGo}</span>
              </button>
            </li>))}
          </ol>
        )}
        <DataToggle caption={T.stretches} head={[T.stretch, T.count, T.score, T.worst]}
          rows={stats.stretches.map((s) => [`${lineCode(s.line_id)} PK ${formatKm(s.km)}-${formatKm(s.km + 1)}`, formatCount(s.open), formatCount(s.score),
            levels.find((l) => l.id === s.worst_criticality)?.name ?? s.worst_criticality])} />
      </figure>
      <SupervisorCard listable={listable} />
    </div>
  );
}
