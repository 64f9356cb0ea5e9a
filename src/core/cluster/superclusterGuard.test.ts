// Guard on supercluster's private API: levelSupercluster.ts subclasses Supercluster 9.1 and relies on members that
// are not part of its public API (`_cluster`, `_createTree`, `trees`, `stride`, `numPoints`, `options`, the Int32
// item layout and the cluster-id encoding). A version bump that changes any of them fails here with a clear message
// instead of silently producing wrong clusters.
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import Supercluster from 'supercluster';
import { OFFSET_ID, OFFSET_NUM, OFFSET_PARENT, OFFSET_ZOOM, SCALE, decode, encode } from './levelSupercluster';

// The package's exports hide package.json: read it from the repository's node_modules.
const installed = JSON.parse(readFileSync(new URL('../../../node_modules/supercluster/package.json', import.meta.url), 'utf8')).version as string;

/** Fails with a message that names the member, the installed version and what to do. */
function guard(member: string, ok: boolean): void {
  if (!ok) {
    throw new Error(
      `supercluster ${installed} no longer provides ${member}, which src/core/cluster/levelSupercluster.ts relies on ` +
        '(it was written against 9.1.0). Adapt LevelSupercluster to the new internals, or pin supercluster to 9.1.0.',
    );
  }
}

interface Tree { numItems: number; data: Int32Array; withinInto(x: number, y: number, r: number, out: Uint32Array): number }
interface Internals {
  options: { radius: number; extent: number; maxZoom: number; minZoom: number; minPoints: number; reduce: unknown };
  trees: (Tree | undefined)[];
  stride: number;
  numPoints: number;
  _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number;
  _createTree(data: Int32Array, numItems: number): Tree;
}
const internals = (sc: Supercluster): Internals => sc as unknown as Internals;
const proto = Supercluster.prototype as unknown as Partial<Internals>;

/** Items laid out as levelSupercluster writes them: x, y, zoom, id, parent, num (stride 6 without reduce). */
function items(coords: [number, number][], stride: number, notProcessed: number): Int32Array {
  const data = new Int32Array(coords.length * stride);
  coords.forEach(([x, y], i) => {
    const k = i * stride;
    data[k] = encode(x); data[k + 1] = encode(y);
    data[k + OFFSET_ZOOM] = notProcessed; data[k + OFFSET_ID] = i; data[k + OFFSET_PARENT] = -1; data[k + OFFSET_NUM] = 1;
  });
  return data;
}

describe(`supercluster ${installed}: the private members LevelSupercluster relies on`, () => {
  it('has _cluster(data, numItems, zoom, out) and _createTree(data, numItems) on its prototype', () => {
    guard('the method _cluster(data, numItems, zoom, out)', typeof proto._cluster === 'function' && proto._cluster.length === 4);
    guard('the method _createTree(data, numItems)', typeof proto._createTree === 'function' && proto._createTree.length === 2);
  });

  it('keeps options, trees (maxZoom + 1 levels) and stride 6 on an instance', () => {
    const sc = internals(new Supercluster({ minZoom: 0, maxZoom: 3, radius: 1, extent: 100 }));
    guard('the instance field options with radius/extent/maxZoom/minZoom/minPoints', sc.options?.radius === 1 && sc.options.extent === 100 && sc.options.maxZoom === 3 && sc.options.minZoom === 0 && sc.options.minPoints === 2);
    guard('the instance field trees, an array of maxZoom + 1 slots', Array.isArray(sc.trees) && sc.trees.length === 4);
    guard('the instance field stride = 6 without reduce (slot 6 is the spare one used for severity)', sc.stride === 6);
  });

  it('encodes coordinates in [0, 1] as (c - 0.5) · 2^30 and lays items out as x, y, zoom, id, parent, num', () => {
    const sc = new Supercluster({ minZoom: 0, maxZoom: 1, radius: 40, extent: 512 });
    // lng 90 → x 0.75; lat 0 → y 0.5.
    sc.load([{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [90, 0] } }]);
    const s = internals(sc);
    guard('the instance field numPoints set by load()', s.numPoints === 1);
    const raw = s.trees[2];
    guard('trees[maxZoom + 1]: the tree of the raw points, with its data', !!raw && raw.data instanceof Int32Array && raw.numItems === 1);
    guard(`the Int32 coordinate encoding (c - 0.5) · ${SCALE}`, raw!.data[0] === encode(0.75) && Math.abs(decode(raw!.data[1]) - 0.5) < 1e-9);
    guard('the item layout zoom/id/parent/num at offsets 2/3/4/5', raw!.data[OFFSET_ID] === 0 && raw!.data[OFFSET_PARENT] === -1 && raw!.data[OFFSET_NUM] === 1);
    guard('trees with withinInto(x, y, r, out) (the query _cluster uses)', typeof raw!.withinInto === 'function');
  });

  it('reads options.radius at every _cluster call, writes into `out`, encodes cluster ids and copies unclustered items whole', () => {
    const sc = internals(new Supercluster({ minZoom: 0, maxZoom: 3, radius: 1, extent: 1 }));
    const stride = 7; // LevelSupercluster sets stride 7 to carry severity in slot 6
    sc.stride = stride;
    const zoom = 2;
    const notProcessed = 4;
    const coords: [number, number][] = [[0.5, 0.5], [0.5001, 0.5], [0.9, 0.9]];
    const run = (radius: number) => {
      const data = items(coords, stride, notProcessed);
      data[2 * stride + 6] = 42; // the spare slot of the lone point
      sc.numPoints = coords.length;
      sc.trees[zoom + 1] = sc._createTree(data, coords.length);
      sc.options.radius = radius;
      const out = new Int32Array(coords.length * stride);
      const written = sc._cluster(data, coords.length, zoom, out);
      return { data, out, written };
    };
    // radius / (extent · 2^zoom) in [0, 1] units: 0.00001 · 4 / 4 keeps the two close points apart, 0.004 merges them.
    const apart = run(0.00001 * 4);
    guard('_cluster(data, numItems, zoom, out) returning the number of items written', apart.written === 3);
    const merged = run(0.004);
    guard('_cluster reading options.radius at each call (one radius per level)', merged.written === 2);
    const clusterId = (0 << 5) + (zoom + 1) + coords.length;
    guard('cluster ids encoded as (originIndex << 5) + (zoom + 1) + numPoints', merged.out[OFFSET_ID] === clusterId && merged.out[OFFSET_NUM] === 2);
    guard('children marked with their cluster id in the parent slot', merged.data[OFFSET_PARENT] === clusterId && merged.data[stride + OFFSET_PARENT] === clusterId);
    guard('unclustered items copied with every stride slot (severity travels in slot 6)', merged.out[stride + 6] === 42 && merged.out[stride + OFFSET_ID] === 2);
  });
});
