// One encoder, private.point_index_columns(), for the rows read from the table (public.point_index_bin) and the
// precomputed pages, answers exactly what the first definitions answered: the first bodies (public.point_index, JSON
// with base64 columns; the first page rebuild, which wrote a JSON payload, a column this test database gets back for
// it) are read from their migrations and created under another name in a scratch schema, then both are run on the same
// rows (whole line, block ranges, since, a split, every line; each page of a line). The bytes must be those base64
// columns exactly, and the header the JSON's other fields (each page's newest change left out).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, makeWorld, testKind, type World } from './fixtures';

const migration = (name: string) => readFileSync(resolve(__dirname, '../migrations', name), 'utf8');

/** The text of `create or replace function <name>(` … `<end>` in a migration, renamed into schema before_encoder. */
function previousDefinition(file: string, name: string, end: string): string {
  const sql = migration(file);
  const start = sql.indexOf(`create or replace function ${name}(`);
  const stop = sql.indexOf(end, start);
  if (start < 0 || stop < 0) throw new Error(`${name} not found in ${file}`);
  return sql.slice(start, stop + end.length).replace(`function ${name}(`, `function before_encoder.${name.split('.')[1]}(`);
}

/** The first point_index()'s answer: columns in base64, code columns as text. */
interface FirstAnswer {
  n: number; blocks: number; split?: boolean; as_of?: string; crit_keys: string[]; team_keys: string[];
  ids: string; x: string; y: string; km: string; created: string; updated: string; status: string; crit: string; team: string;
}

let w: World;
let line1: string;
let line2: string;
beforeAll(async () => {
  w = await makeWorld();
  line1 = (await w.db.admin.query<{ id: string }>('select line_id as id from public.points where id = $1', [w.point])).rows[0].id;
  line2 = (await w.db.admin.query<{ id: string }>("insert into public.lines (code, name) values ('L2', 'Ligne 2') returning id")).rows[0].id;
  await w.db.admin.query(
    `insert into public.points (name, "position", km_value, status, criticality, team_id, line_id)
     select 'P' || i, jsonb_build_object('x', i * 1.37, 'y', 200 + i / 3.0), case when i % 7 = 0 then null else i / 10.0 end,
            (array['signale', 'pris_en_charge', 'resolu'])[1 + i % 3], case when i % 4 = 0 then 'danger' else 'attention' end,
            case when i % 5 = 0 then $3::uuid when i % 2 = 0 then $1::uuid end, case when i % 3 = 0 then $4::uuid else $2::uuid end
     from generate_series(1, 900) i`, [w.team, line1, w.freeTeam, line2]);
  await w.db.admin.query("update public.points set status = 'resolu' where name like 'P1%'");
  await w.db.admin.query('create schema before_encoder');
  await w.db.admin.query('grant usage on schema before_encoder to authenticated');
  await w.db.admin.query(previousDefinition('20261124090000_lines.sql', 'public.point_index', 'end $fn$;'));
  await w.db.admin.query('grant execute on all functions in schema before_encoder to authenticated');
  await w.db.admin.query(previousDefinition('20261124100000_point_index_pages.sql', 'private.rebuild_point_index_page', 'end $$;'));
  // What that first rebuild writes.
  await w.db.admin.query('alter table private.point_index_pages add column payload json, add column max_updated timestamptz');
});
afterAll(async () => { await w?.db.close(); });

describe(`one point_index encoder (${testKind()})`, () => {
  it('point_index_bin() answers the first point_index() byte for byte, read by a member under RLS', async () => {
    const calls: [string, unknown[]][] = [
      ['p_line_id => $1', [line1]],
      ['p_line_id => $1', [line2]],
      ['p_block_from => 0, p_block_to => 3, p_line_id => $1', [line1]],
      ['p_block_from => 2, p_line_id => $1', [line2]],
      ["p_since => now() - interval '1 hour', p_line_id => $1", [line1]],
      ['p_limit => 50, p_line_id => $1', [line1]], // split
      ['p_limit => 100000', []], // every line
    ];
    for (const [args, params] of calls) {
      // as_of is the transaction start: both calls in one transaction.
      const [r] = await asUser<{ now: Uint8Array; before: FirstAnswer }>(w.db, w.userA,
        `select public.point_index_bin(${args})::bytea as now, before_encoder.point_index(${args}) as before`, params);
      const now = Buffer.from(r.now.buffer, r.now.byteOffset, r.now.byteLength);
      const headerLength = now.readInt32BE(0);
      const header = JSON.parse(now.subarray(4, 4 + headerLength).toString('utf8'));
      const body = now.subarray(4 + headerLength).toString('hex');
      const b = r.before;
      if (b.split) {
        expect(header, args).toEqual({ split: true, total: b.n, blocks: b.blocks, pages: [] });
        expect(body, args).toBe('');
        continue;
      }
      expect(b.n, args).toBeGreaterThan(0);
      expect(header, args).toEqual({ as_of: b.as_of, total: b.n, blocks: b.blocks, pages: [{
        n: b.n, crit_keys: b.crit_keys, team_keys: b.team_keys, status: b.status, crit: b.crit, team: b.team }] });
      const columns = [b.ids, b.x, b.y, b.km, b.created, b.updated].map((c) => Buffer.from(c, 'base64').toString('hex')).join('');
      expect(body, args).toBe(columns);
    }
  });

  it('every page of both lines is stored byte for byte as before', async () => {
    const pages = await w.db.admin.query<{ line_id: string; page_no: number }>(
      'select line_id, page_no from private.point_index_pages where line_id in ($1, $2) order by 1, 2', [line1, line2]);
    expect(pages.rows.length).toBeGreaterThan(300);
    await w.db.admin.query(`select before_encoder.rebuild_point_index_page(line_id, page_no) from private.point_index_pages where line_id in ($1, $2)`, [line1, line2]);
    // The payload's columns as bytes and header entry, as 20261129110000_point_index_pages_binary.sql converted them.
    const before = (await w.db.admin.query<{ k: string; bin: string; meta: string; n: number }>(
      `select line_id || ':' || page_no as k, n, encode(decode(payload ->> 'ids', 'base64') || decode(payload ->> 'x', 'base64')
         || decode(payload ->> 'y', 'base64') || decode(payload ->> 'km', 'base64') || decode(payload ->> 'created', 'base64')
         || decode(payload ->> 'updated', 'base64'), 'hex') as bin,
         json_build_object('n', payload -> 'n', 'crit_keys', payload -> 'crit_keys',
           'team_keys', payload -> 'team_keys', 'status', payload -> 'status', 'crit', payload -> 'crit', 'team', payload -> 'team')::text as meta
       from private.point_index_pages where line_id in ($1, $2) order by 1`, [line1, line2])).rows;
    await w.db.admin.query('update private.point_index_pages set payload = null, bin = null, meta = null, n = -1, dirty = true');
    await w.db.admin.query(`select private.rebuild_point_index_page(line_id, page_no) from private.point_index_pages where line_id in ($1, $2)`, [line1, line2]);
    const now = (await w.db.admin.query<{ k: string; bin: string; meta: string; n: number }>(
      `select line_id || ':' || page_no as k, n, encode(bin, 'hex') as bin, meta::text as meta
       from private.point_index_pages where line_id in ($1, $2) order by 1`, [line1, line2])).rows;
    expect(before.filter((r) => r.n > 0).length).toBeGreaterThan(200);
    expect(now).toEqual(before);
  });
});
