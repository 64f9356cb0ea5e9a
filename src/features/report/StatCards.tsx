// The three stat cards of the report view: Anomalies non résolues, Zones avec anomalies, Dangers sécurité.
import type { PlanStats as ReportStats } from '../../core/report/plan';
import { REPORT_TEXT } from './strings';
import { formatCount } from '../../core/format';

export function StatCards({ stats }: { stats: ReportStats }) {
  const cards = [
    { label: REPORT_TEXT.statUnresolved, value: stats.unresolved, kind: 'total' },
    { label: REPORT_TEXT.statZones, value: stats.zonesWithAnomalies, kind: 'zones' },
    { label: REPORT_TEXT.statDangers, value: stats.dangers, kind: 'danger' },
  ];
  return (
    <dl className="report-stats">
      {cards.map((c) => (
        <div key={c.kind} className={`report-stat report-stat-${c.kind}`}>
          <dt>{c.label}</dt>
          <dd data-value={c.value}>{formatCount(c.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
