// Per-frame cache of a spatial index over the items of the current ClusterFrame (src/core/nearestPoint, kdbush), rebuilt per frame result
// (lazily, at the first tap after a new frame), never Konva's pixel hit graph.
import type { ClusterFrame } from '../core/cluster/types';
import { createHitIndex, type HitIndex } from '../core/nearestPoint';

export class FrameHitCache {
  private index: HitIndex;

  constructor(readonly frame: ClusterFrame) {
    this.index = createHitIndex(frame.xs, frame.ys, frame.count);
  }

  /** Item indices of the frame within `radius` image px of (x, y), nearest first. */
  within(x: number, y: number, radius: number): number[] {
    return this.index.within(x, y, radius);
  }
}
