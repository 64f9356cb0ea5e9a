// Where a point is written (docs/architecture.md#where-a-point-is-written): the requests that change `points`
// (insert, update, upsert, delete on the table; the bulk RPCs) live in three data modules only, and each of their
// write functions is called only from the state module named below. A new caller has to be added here on purpose
// (and to the doc), so a write that bypasses the outbox cannot slip in unnoticed.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const files = sources(join(root, 'src')).map((p) => ({ path: relative(root, p), text: readFileSync(p, 'utf8') }));

/** A request that changes the points table: from('points') … .insert/.update/.upsert/.delete, or a bulk RPC. */
const WRITE = /from\(\s*['"]points['"]\s*\)\s*\.\s*(insert|update|upsert|delete)\b|rpc\(\s*['"]bulk_(update|delete)_points['"]/;

/** Write function → the only modules that may call it. */
const CALLERS: Record<string, { from: string; callers: string[] }> = {
  insertPointOnce: { from: 'src/data/outboxRepository.ts', callers: ['src/state/offline/replay.ts'] },
  updatePointAt: { from: 'src/data/outboxRepository.ts', callers: ['src/state/offline/replay.ts'] },
  deletePointOnce: { from: 'src/data/outboxRepository.ts', callers: ['src/state/offline/replay.ts'] },
  bulkUpdatePoints: { from: 'src/data/bulkRepository.ts', callers: ['src/state/offline/bulkReplay.ts'] },
  bulkDeletePoints: { from: 'src/data/bulkRepository.ts', callers: ['src/state/bulkActions.ts'] },
  // The REST contract's direct save and delete (server/rest tests): no module of the app calls them
  // (every change of one point goes through the outbox).
  savePoint: { from: 'src/data/tableRepositories.ts', callers: [] },
  deletePoint: { from: 'src/data/tableRepositories.ts', callers: [] },
};

describe('where a point is written', () => {
  it('only three data modules send requests that change points', () => {
    const writers = files.filter((f) => WRITE.test(f.text.replace(/\s+/g, ' '))).map((f) => f.path).sort();
    expect(writers).toEqual(['src/data/bulkRepository.ts', 'src/data/outboxRepository.ts', 'src/data/tableRepositories.ts']);
  });

  it('each write function is called only by its owner in src/state', () => {
    for (const [fn, { from, callers }] of Object.entries(CALLERS)) {
      expect(files.find((f) => f.path === from)?.text, `${fn} in ${from}`).toMatch(new RegExp(`export async function ${fn}\\b`));
      const used = files.filter((f) => f.path !== from && calls(f.text, from, fn)).map((f) => f.path).sort();
      expect(used, fn).toEqual(callers);
    }
  });
});

/** Whether a module calls `fn` of the data module `from`: imported by name, or through a namespace (`repo.fn(`). */
function calls(text: string, from: string, fn: string): boolean {
  const mod = from.replace(/^src\//, '').replace(/\.ts$/, '');
  const spec = `['"][./]*${mod.replace('/', '\\/')}['"]`;
  const named = new RegExp(`import\\s*(type\\s*)?\\{[^}]*\\b${fn}\\b[^}]*\\}\\s*from\\s*${spec}`).test(text);
  const ns = text.match(new RegExp(`import\\s*\\*\\s*as\\s*(\\w+)\\s*from\\s*${spec}`));
  return (named && new RegExp(`\\b${fn}\\s*\\(`).test(text)) || (!!ns && new RegExp(`\\b${ns[1]}\\.${fn}\\s*\\(`).test(text));
}
