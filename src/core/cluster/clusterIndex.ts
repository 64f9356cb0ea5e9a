// buildClusterIndex: one LevelSupercluster over image-px points, queried per level into transferable typed arrays,
// with leaves / expansion level / size of a cluster found by walking the hierarchy (no GeoJSON anywhere).
import type { ClusterFrame, ClusterIndex, ClusterInput } from './types';
import { LEVEL_COUNT, MAX_LEVEL } from './levels';
import { releaseBuffers } from '../releaseBuffers';
import { decode, encode, LevelSupercluster, OFFSET_ID, SCALE, OFFSET_NUM, OFFSET_PARENT, OFFSET_SEVERITY, STRIDE } from './levelSupercluster';

export function emptyFrame(level: number): ClusterFrame {
  return { level, count: 0, xs: new Float64Array(0), ys: new Float64Array(0), sizes: new Uint32Array(0), severity: new Uint8Array(0), ids: new Float64Array(0) };
}

export function buildClusterIndex(input: ClusterInput): ClusterIndex {
  const { xs, ys, severity } = input;
  if (xs.length !== ys.length || xs.length !== severity.length) throw new Error('xs, ys and severity must have the same length');
  const t0 = performance.now();
  const n = xs.length;
  const built = n > 0 ? new LevelSupercluster(input.width, input.height).loadTyped(xs, ys, severity) : null;
  let sc = built; // null once released
  const buildMs = performance.now() - t0;
  const levelCounts = Array.from({ length: LEVEL_COUNT }, (_, l) => (built ? built.tree(l)?.numItems ?? n : 0));
  const trees = new Set(built ? Array.from({ length: LEVEL_COUNT }, (_, l) => built.tree(l)) : []);
  let bytes = xs.byteLength + ys.byteLength + severity.byteLength + (built ? built.raw!.bytes + built.parents.byteLength : 0);
  for (const t of trees) if (t) bytes += (t as { bytes?: number }).bytes ?? t.data.byteLength;

  const isCluster = (id: number) => sc !== null && Number.isInteger(id) && id >= n;
  // A cluster created at level L has tag L + 1: its children are items of tree L + 1, around its origin item.
  const tagOf = (id: number) => (id - n) % 32;
  const originOf = (id: number) => Math.floor((id - n) / 32);

  /** Calls `visit(id, size)` for each child of a cluster (a raw item's id is its input index, its size 1). */
  function children(id: number, visit: (childId: number, size: number) => boolean | void): void {
    const tag = tagOf(id);
    if (!sc || tag < 1 || tag > MAX_LEVEL + 1) throw new Error(`No cluster with id ${id}`);
    const tree = sc.tree(tag);
    const origin = originOf(id);
    if (origin >= (tree ? tree.numItems : n)) throw new Error(`No cluster with id ${id}`);
    let found = false;
    if (tree) {
      const data = tree.data;
      for (const i of tree.within(data[origin * STRIDE], data[origin * STRIDE + 1], sc.encodedRadius[tag - 1])) {
        const k = i * STRIDE;
        if (data[k + OFFSET_PARENT] !== id) continue;
        found = true;
        if (visit(data[k + OFFSET_ID], data[k + OFFSET_NUM]) === false) return;
      }
    } else {
      const [ox, oy] = sc.encodedRaw(xs, ys, origin);
      for (const i of sc.raw!.within(ox, oy, sc.encodedRadius[tag - 1])) {
        if (sc.parents[i] !== id) continue;
        found = true;
        if (visit(i, 1) === false) return;
      }
    }
    if (!found) throw new Error(`No cluster with id ${id}`);
  }

  /** The raw points of a bbox as a frame (the levels where nothing clusters). */
  function rawFrame(l: number, minX: number, minY: number, maxX: number, maxY: number, found: number[]): ClusterFrame {
    const frame = sizedFrame(l, found.length);
    let w = 0;
    for (const i of found) {
      const x = xs[i], y = ys[i];
      if (x < minX || x > maxX || y < minY || y > maxY) continue;
      frame.xs[w] = x;
      frame.ys[w] = y;
      frame.sizes[w] = 1;
      frame.severity[w] = severity[i];
      frame.ids[w] = i;
      w++;
    }
    return w === found.length ? frame : shrink(frame, w);
  }

  return {
    stats: { buildMs, count: n, levelCounts, bytes },

    query(level, minX, minY, maxX, maxY) {
      const l = Math.max(0, Math.min(MAX_LEVEL, Math.round(level)));
      if (!sc) return emptyFrame(l);
      const S = sc.scale;
      const tree = sc.tree(l);
      const bbox = [encode(minX / S) - 1, encode(minY / S) - 1, encode(maxX / S) + 1, encode(maxY / S) + 1] as const;
      if (!tree) return rawFrame(l, minX, minY, maxX, maxY, sc.raw!.range(...bbox));
      const found = tree.range(...bbox);
      const data = tree.data;
      const count = found.length;
      const frame = sizedFrame(l, count);
      let w = 0;
      for (let j = 0; j < count; j++) {
        const k = found[j] * STRIDE;
        const num = data[k + OFFSET_NUM];
        const id = data[k + OFFSET_ID];
        const x = num > 1 ? decode(data[k]) * S : xs[id];
        const y = num > 1 ? decode(data[k + 1]) * S : ys[id];
        if (x < minX || x > maxX || y < minY || y > maxY) continue; // exact bbox on true positions
        frame.xs[w] = x;
        frame.ys[w] = y;
        frame.sizes[w] = num;
        frame.severity[w] = data[k + OFFSET_SEVERITY];
        frame.ids[w] = id;
        w++;
      }
      return w === count ? frame : shrink(frame, w);
    },

    leaves(clusterId, limit = Infinity) {
      if (!isCluster(clusterId)) return Number.isInteger(clusterId) && clusterId >= 0 && clusterId < n && limit >= 1 ? Uint32Array.of(clusterId) : new Uint32Array(0);
      const out: number[] = [];
      const stack = [clusterId];
      while (stack.length > 0 && out.length < limit) {
        const id = stack.pop()!;
        const pending: number[] = [];
        children(id, (child, size) => {
          if (size > 1) pending.push(child);
          else if (out.length < limit) out.push(child);
          else return false;
        });
        for (let i = pending.length - 1; i >= 0; i--) stack.push(pending[i]);
      }
      return Uint32Array.from(out);
    },

    expansionLevel(clusterId) {
      if (!isCluster(clusterId)) return LEVEL_COUNT;
      children(clusterId, () => false); // validates the id
      return Math.min(tagOf(clusterId), LEVEL_COUNT);
    },

    nearest(x, y, radius) {
      if (!sc || !(radius >= 0) || !Number.isFinite(x) || !Number.isFinite(y)) return -1;
      const S = sc.scale;
      // The raw points' grid, whose ids are input indices; + 2 units: the encoding's truncation
      const found = sc.raw!.within(encode(x / S), encode(y / S), (radius / S) * SCALE + 2);
      let best = -1;
      let bestD = radius * radius;
      for (const p of found) {
        const dx = xs[p] - x;
        const dy = ys[p] - y;
        const d = dx * dx + dy * dy;
        if (d < bestD || (d === bestD && (best === -1 || p < best))) {
          best = p;
          bestD = d;
        }
      }
      return best;
    },

    release(withInput) {
      if (sc) releaseBuffers(sc.buffers());
      if (withInput) releaseBuffers([xs.buffer, ys.buffer, severity.buffer]);
      sc = null;
    },

    sizeOf(clusterId) {
      if (!isCluster(clusterId)) return Number.isInteger(clusterId) && clusterId >= 0 && clusterId < n ? 1 : 0;
      let total = 0;
      children(clusterId, (_, size) => { total += size; });
      return total;
    },
  };
}

function sizedFrame(level: number, count: number): ClusterFrame {
  return {
    level, count, xs: new Float64Array(count), ys: new Float64Array(count),
    sizes: new Uint32Array(count), severity: new Uint8Array(count), ids: new Float64Array(count),
  };
}

function shrink(f: ClusterFrame, count: number): ClusterFrame {
  return {
    level: f.level, count, xs: f.xs.slice(0, count), ys: f.ys.slice(0, count), sizes: f.sizes.slice(0, count),
    severity: f.severity.slice(0, count), ids: f.ids.slice(0, count),
  };
}
