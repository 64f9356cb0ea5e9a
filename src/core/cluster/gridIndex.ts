// A uniform grid over Supercluster's encoded Int32 coordinates, duck-typed as its KDBush trees
// (`numItems`, `data`, `range`, `within`, `withinInto`): built by one counting sort in O(n) instead of a kd-sort.
// Same tests as KDBush (inclusive bbox; squared distance ≤ r²), so Supercluster's `_cluster` finds the same neighbours.
// It keeps its items' coordinates in cell order for the build's many neighbour queries; once those are done it may read
// them from their source instead (`readCoordinatesFrom`), for the few queries a frame or a tap makes.

const MAX_CELLS = 1 << 22; // cap of the grid size (16 MB of cell offsets)

export class GridIndex {
  readonly numItems: number;
  /** The items indexed (empty once `forgetItems` ran: the grid keeps its own ids and coordinates). */
  data: Int32Array;
  private readonly ids: Uint32Array; // item ids sorted by cell, index order within a cell
  private xs: Int32Array; // coordinates in the same order as ids (empty once read from their source)
  private ys: Int32Array;
  private source: { x: (id: number) => number; y: (id: number) => number } | null = null;
  private readonly starts: Uint32Array; // cell c holds ids[starts[c] .. starts[c + 1])
  private readonly minX: number;
  private readonly minY: number;
  private readonly cell: number;
  private readonly cols: number;
  private readonly rows: number;

  /** Memory held: the level's items and the grid over them. */
  get bytes(): number {
    return this.data.byteLength + this.ids.byteLength + this.xs.byteLength + this.ys.byteLength + this.starts.byteLength;
  }

  /** Items are `data[i * stride]`, `data[i * stride + 1]` (encoded x, y); `cellSize` in encoded units. */
  constructor(data: Int32Array, numItems: number, stride: number, cellSize: number) {
    this.numItems = numItems;
    this.data = data;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
    for (let i = 0, k = 0; i < numItems; i++, k += stride) {
      const x = data[k], y = data[k + 1];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
    if (numItems === 0) minX = minY = maxX = maxY = 0;
    let cell = Math.max(1, cellSize);
    while (((maxX - minX) / cell + 1) * ((maxY - minY) / cell + 1) > MAX_CELLS) cell *= 2;
    this.minX = minX;
    this.minY = minY;
    this.cell = cell;
    this.cols = Math.floor((maxX - minX) / cell) + 1;
    this.rows = Math.floor((maxY - minY) / cell) + 1;
    const cells = this.cols * this.rows;
    const cellOf = new Uint32Array(numItems);
    const starts = new Uint32Array(cells + 1);
    for (let i = 0, k = 0; i < numItems; i++, k += stride) {
      const c = Math.floor((data[k + 1] - minY) / cell) * this.cols + Math.floor((data[k] - minX) / cell);
      cellOf[i] = c;
      starts[c + 1]++;
    }
    for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
    const fill = starts.slice(0, cells);
    const ids = new Uint32Array(numItems);
    const xs = new Int32Array(numItems);
    const ys = new Int32Array(numItems);
    for (let i = 0, k = 0; i < numItems; i++, k += stride) {
      const p = fill[cellOf[i]]++;
      ids[p] = i;
      xs[p] = data[k];
      ys[p] = data[k + 1];
    }
    this.ids = ids;
    this.xs = xs;
    this.ys = ys;
    this.starts = starts;
  }

  /** The arrays it holds, for freeing them at once (src/core/releaseBuffers.ts). */
  buffers(): ArrayBufferLike[] {
    return [this.data.buffer, this.ids.buffer, this.xs.buffer, this.ys.buffer, this.starts.buffer];
  }

  /** Drops the reference to the items; range and within still answer (they read the grid's own copies). */
  forgetItems(): void {
    this.data = new Int32Array(0);
  }

  /** Drops the grid's coordinate copies: item `id`'s encoded coordinates are then `x(id)`, `y(id)` (the values it was
   * built from). Their arrays are returned, to be freed. */
  readCoordinatesFrom(x: (id: number) => number, y: (id: number) => number): ArrayBufferLike[] {
    const copies = [this.xs.buffer, this.ys.buffer];
    this.xs = this.ys = new Int32Array(0);
    this.source = { x, y };
    return copies;
  }

  /** Ids of items inside the bbox (inclusive), like KDBush.range. */
  range(minX: number, minY: number, maxX: number, maxY: number): number[] {
    const { cell, cols, rows, starts, ids, xs, ys } = this;
    const out: number[] = [];
    if (this.numItems === 0 || !(minX <= maxX && minY <= maxY)) return out;
    const c0 = Math.max(0, Math.floor((minX - this.minX) / cell));
    const c1 = Math.min(cols - 1, Math.floor((maxX - this.minX) / cell));
    const r0 = Math.max(0, Math.floor((minY - this.minY) / cell));
    const r1 = Math.min(rows - 1, Math.floor((maxY - this.minY) / cell));
    const source = this.source;
    for (let row = r0; row <= r1; row++) {
      const base = row * cols;
      const end = starts[base + c1 + 1];
      for (let p = starts[base + c0]; p < end; p++) {
        const x = source ? source.x(ids[p]) : xs[p];
        const y = source ? source.y(ids[p]) : ys[p];
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) out.push(ids[p]);
      }
    }
    return out;
  }

  within(qx: number, qy: number, r: number): number[] {
    const out: number[] = [];
    this.withinInto(qx, qy, r, out);
    return out;
  }

  /** Writes the ids of items with squared distance ≤ r² into `out`; returns how many. */
  withinInto(qx: number, qy: number, r: number, out: number[] | Uint32Array): number {
    const { cell, cols, rows, minX, minY, starts, ids, xs, ys } = this;
    const c0 = Math.max(0, Math.floor((qx - r - minX) / cell));
    const c1 = Math.min(cols - 1, Math.floor((qx + r - minX) / cell));
    const r0 = Math.max(0, Math.floor((qy - r - minY) / cell));
    const r1 = Math.min(rows - 1, Math.floor((qy + r - minY) / cell));
    const r2 = r * r;
    const source = this.source;
    let count = 0;
    for (let row = r0; row <= r1; row++) {
      const base = row * cols;
      const end = starts[base + c1 + 1];
      for (let p = starts[base + c0]; p < end; p++) {
        const dx = (source ? source.x(ids[p]) : xs[p]) - qx;
        const dy = (source ? source.y(ids[p]) : ys[p]) - qy;
        if (dx * dx + dy * dy <= r2) out[count++] = ids[p];
      }
    }
    return count;
  }
}
