// Why a string is still in a page's JS heap: the shortest chains of strong references from the heap snapshot's root to
// the strings holding a secret (Chrome DevTools' "retainers", computed from the HeapProfiler snapshot JSON). Used by
// e2e/session-leak.spec.ts to say which object keeps a signed-out user's data alive when the leak check fails.

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** Up to `max` retaining paths (root → … → string) for strings containing `needle`, one line per path. */
export function retainerPaths(snap: HeapSnapshot, needle: string, max = 3): string[] {
  const { meta } = snap.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const nType = meta.node_fields.indexOf('type');
  const nName = meta.node_fields.indexOf('name');
  const nEdges = meta.node_fields.indexOf('edge_count');
  const eType = meta.edge_fields.indexOf('type');
  const eName = meta.edge_fields.indexOf('name_or_index');
  const eTo = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const count = snap.nodes.length / nf;
  const firstEdge = new Int32Array(count + 1);
  for (let i = 0; i < count; i++) firstEdge[i + 1] = firstEdge[i] + snap.nodes[i * nf + nEdges] * ef;

  const label = (i: number) => {
    const t = nodeTypes[snap.nodes[i * nf + nType]];
    const name = snap.strings[snap.nodes[i * nf + nName]] ?? '';
    return `${t}:${name.slice(0, 60).replace(/\s+/g, ' ')}`;
  };
  const edgeLabel = (e: number) => {
    const t = edgeTypes[snap.edges[e + eType]];
    const v = snap.edges[e + eName];
    return t === 'element' || t === 'hidden' ? `[${v}]` : `.${snap.strings[v]}`;
  };
  // Breadth-first from the root over strong edges (weak references and the string table do not retain).
  const parent = new Int32Array(count).fill(-1);
  const via = new Int32Array(count).fill(-1);
  parent[0] = 0;
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  while (head < tail) {
    const i = queue[head++];
    const from = label(i);
    if (from.startsWith('synthetic:(Internalized strings)') || from.startsWith('synthetic:(String table)')) continue;
    for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) {
      if (edgeTypes[snap.edges[e + eType]] === 'weak') continue;
      const to = snap.edges[e + eTo] / nf;
      if (parent[to] !== -1) continue;
      parent[to] = i;
      via[to] = e;
      queue[tail++] = to;
    }
  }
  const out: string[] = [];
  for (let i = 0; i < count && out.length < max; i++) {
    const t = nodeTypes[snap.nodes[i * nf + nType]];
    if (!['string', 'concatenated string', 'sliced string'].includes(t)) continue;
    if (!(snap.strings[snap.nodes[i * nf + nName]] ?? '').includes(needle)) continue;
    if (parent[i] === -1) { out.push(`${label(i)} (only weakly or internally held)`); continue; }
    const steps: string[] = [];
    for (let n = i; n !== 0 && steps.length < 40; n = parent[n]) steps.unshift(`${edgeLabel(via[n])} → ${label(n)}`);
    out.push(steps.join('  '));
  }
  return out;
}
