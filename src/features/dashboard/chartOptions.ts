// uPlot options of the dashboard's two time charts: stacked open anomalies per level (bands between running sums) and
// reported/resolved per week (side-by-side bars). French date labels on the x axis; the y axis above the tallest value.
import uPlot from 'uplot';
import type { DaySeries } from '../../core/dashboard/stats';
import { stack } from '../../core/dashboard/stats';
import { DASH_TEXT as T } from './strings';
import { formatCount } from '../../core/format';
import { chartYTop, weekBarsXRange } from '../../core/dashboard/chartScale';

const dayOf = (iso: string) => Date.parse(`${iso}T12:00:00Z`) / 1000;
const frDate = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const axisDates = (_u: uPlot, splits: number[]) => splits.map((s) => frDate.format(new Date(s * 1000)));
const axisCounts = (_u: uPlot, splits: number[]) => splits.map((s) => (Number.isInteger(s) ? formatCount(s) : ''));

export function openByDayChart(s: DaySeries): { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData } {
  const tops = stack(s.series.map((x) => x.values));
  const data: uPlot.AlignedData = [s.days.map(dayOf), ...tops];
  const bands: uPlot.Band[] = tops.slice(1).map((_, i) => ({ series: [i + 2, i + 1] as [number, number] }));
  return {
    data,
    options: {
      legend: { show: false }, cursor: { show: false },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, chartYTop(max)] } },
      axes: [{ values: axisDates }, { values: axisCounts }],
      series: [{}, ...s.series.map((x) => ({ label: x.name, stroke: x.color, fill: `${x.color}99`, width: 1, points: { show: false } }))],
      bands,
    },
  };
}

export function flowChart(weeks: { week: string; reported: number; resolved: number }[]): { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData } {
  const bars = uPlot.paths.bars!;
  return {
    data: [weeks.map((w) => dayOf(w.week)), weeks.map((w) => w.reported), weeks.map((w) => w.resolved)],
    options: {
      legend: { show: false }, cursor: { show: false },
      // Half a week of room each side: the first and last weeks' bars are drawn whole.
      scales: { x: { time: true, range: (_u, min, max) => weekBarsXRange(min, max) }, y: { range: (_u, _min, max) => [0, chartYTop(max)] } },
      axes: [{ values: axisDates }, { values: axisCounts }],
      series: [{},
        { label: T.reported, stroke: '#2563eb', fill: '#2563eb', paths: bars({ size: [0.4, 40], align: -1 }), points: { show: false } },
        { label: T.resolved, stroke: '#16a34a', fill: '#16a34a', paths: bars({ size: [0.4, 40], align: 1 }), points: { show: false } }],
    },
  };
}
