// Clusters at the zooms of a view showing the whole line ('Ajuster à la ligne', a phone): the demo lines' sizes
// (12000 and 6000 image px wide) in a phone's and a desktop's map width, with as many points as the demo and ten
// times more, draw no two discs (clusters and single markers, at their drawn radius) over each other.
import { describe, expect, it } from 'vitest';
import { trackDataset } from '../../../bench/lib/trackDataset';
import { buildClusterIndex } from './clusterIndex';
import { levelForZoom } from './levels';
import { clusterRadius } from '../../map/drawPoints';
import { MARKER_DIAMETER_PX } from '../../map/markerSprites';

const LINES = [{ name: 'L1', width: 12000, height: 1500 }, { name: 'L2', width: 6000, height: 1500 }];
const MAP_WIDTHS = [{ name: 'phone', px: 390 }, { name: 'desktop', px: 1100 }];

/** The smallest gap between two drawn discs at `zoom` (screen px; negative when two overlap). */
function smallestGap(xs: Float64Array, ys: Float64Array, sizes: Uint32Array | Float64Array | ArrayLike<number>, count: number, zoom: number): number {
  const r = (i: number) => (sizes[i] === 1 ? MARKER_DIAMETER_PX / 2 : clusterRadius(sizes[i]));
  let gap = Infinity;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const d = Math.hypot((xs[i] - xs[j]) * zoom, (ys[i] - ys[j]) * zoom);
      gap = Math.min(gap, d - r(i) - r(j));
    }
  }
  return gap;
}

describe('clusters at the whole-line zoom', () => {
  for (const line of LINES) {
    for (const view of MAP_WIDTHS) {
      for (const n of [300, 3000]) {
        it(`${line.name} (${line.width} px) in a ${view.name} map, ${n} points: no two discs overlap`, () => {
          const data = trackDataset(n, 7, { width: line.width, height: line.height, trackGap: 300 });
          const index = buildClusterIndex(data);
          const zoom = view.px / line.width;
          const f = index.query(levelForZoom(zoom), 0, 0, line.width, line.height);
          expect(f.count).toBeGreaterThan(1);
          expect(smallestGap(f.xs as Float64Array, f.ys as Float64Array, f.sizes, f.count, zoom)).toBeGreaterThanOrEqual(0);
        });
      }
    }
  }
});
