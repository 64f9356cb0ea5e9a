// A network of N lines × P points for the app bench's lines case, made from a copy of a big seeded PGlite
// data dir instead of seeding 1M points through JS (which did not finish under load): the source dir is copied
// (cp -a, never written), migrated, then in one transaction as superuser with triggers off
// (session_replication_role = replica) lines L2…LN are added with the first line's image and markers, the points
// are spread P per line by id (the rest stays on the first line), and the derived tables the triggers would have kept
// are rebuilt: point index pages marked dirty (rebuilt by the server's warm-up and readers), dashboard states rebuilt.
// Idempotent: a dir that already has N lines is left as it is (reused across runs).
//   node --import tsx bench/linesNetwork.ts <source dir> <target dir> 50x20000
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { openDatabase } from '../server/db/open';
import { migrate } from '../server/db/migrate';

export async function deriveLinesNetwork(source: string, target: string, lines: number, perLine: number): Promise<void> {
  if (!existsSync(target)) {
    if (!existsSync(source)) throw new Error(`no source data dir ${source}`);
    console.log(`copying ${source} → ${target}...`);
    execFileSync('cp', ['-a', source, target]);
  }
  const db = await openDatabase({ dataDir: target });
  try {
    const t0 = performance.now();
    await migrate(db);
    console.log(`migrated in ${Math.round(performance.now() - t0)} ms`);
    const have = Number((await db.admin.query<{ n: number }>('select count(*)::int as n from public.lines')).rows[0].n);
    if (have >= lines) { console.log(`${have} lines already: nothing to do`); return; }
    const t1 = performance.now();
    await db.admin.transaction(async (tx) => {
      await tx.query("select set_config('session_replication_role', 'replica', true)");
      await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
      // Lines L<have+1>…L<lines>, the first line's image and markers (same positions, values shifted per line).
      await tx.query(
        `insert into public.lines (code, name, image, sort)
         select 'L' || k, 'Ligne ' || k, (select image from public.lines where id = private.default_line_id()), k - 1
           from generate_series($1::int, $2::int) k`, [have + 1, lines]);
      await tx.query(
        `insert into public.kilometer_markers ("position", value, created_by, line_id)
         select m."position", m.value + l.sort * 10, m.created_by, l.id
           from public.kilometer_markers m cross join public.lines l
          where m.line_id = private.default_line_id() and l.id <> private.default_line_id()`);
      // P points per line in line order, by point id; the remainder stays on the first line.
      await tx.query(
        `with l as (select id, row_number() over (order by sort, created_at, id) - 1 as k from public.lines),
              p as (select id, (row_number() over (order by id) - 1) / $1 as k from public.points)
         update public.points t set line_id = l.id from p join l on l.k = p.k where t.id = p.id and t.line_id <> l.id`, [perLine]);
      await tx.query("select set_config('session_replication_role', 'origin', true)");
      await tx.query('select private.invalidate_point_index_pages()');
      await tx.query('select private.rebuild_point_states()');
    });
    console.log(`network of ${lines} lines made in ${Math.round(performance.now() - t1)} ms`);
    await db.admin.exec('vacuum analyze public.points');
  } finally {
    await db.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [source, target, spec] = process.argv.slice(2);
  const m = /^(\d+)x(\d+)$/.exec(spec ?? '');
  if (!source || !target || !m) throw new Error('usage: bench/linesNetwork.ts <source dir> <target dir> <lines>x<points per line>');
  await deriveLinesNetwork(source, target, Number(m[1]), Number(m[2]));
}
