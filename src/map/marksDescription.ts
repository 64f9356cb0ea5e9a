// What the map's marks show, for the engine (MapCanvas.tsx): whether a frame shows a point by itself, and the marks
// told to tests and assistive tooling as data attributes of the map's element.
import type { ClusterFrame } from '../core/cluster/types';
import { MARK_LATE, MARK_SELECTED, type FrameMarks } from '../core/cluster/frameMarks';
import type { LoosePoint } from './drawMarks';

export function frameShowsSingle(frame: ClusterFrame, mapIndex: number): boolean {
  for (let i = 0; i < frame.count; i++) if (frame.sizes[i] === 1 && frame.ids[i] === mapIndex) return true;
  return false;
}

/** For tests and assistive tooling: how many selected and late points the marks show, and on how many clusters. */
export function describeMarks(el: HTMLElement | null, m: FrameMarks, loose: LoosePoint | null): void {
  if (!el) return;
  let selected = 0, late = 0, selectedClusters = 0, lateClusters = 0;
  for (const f of m.singleFlags) { if (f & MARK_SELECTED) selected++; if (f & MARK_LATE) late++; }
  for (let k = 0; k < m.clusters.length; k++) {
    selected += m.clusterSelected[k]; late += m.clusterLate[k];
    if (m.clusterSelected[k] > 0) selectedClusters++;
    if (m.clusterLate[k] > 0) lateClusters++;
  }
  el.setAttribute('data-marks-selected', String(selected));
  el.setAttribute('data-marks-selected-clusters', String(selectedClusters));
  el.setAttribute('data-marks-late', String(late));
  el.setAttribute('data-marks-late-clusters', String(lateClusters));
  el.setAttribute('data-marks-loose', loose ? 'true' : 'false');
}
