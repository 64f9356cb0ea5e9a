// Splits a plain `pg_dump --schema-only` of the migrated database into the area files of supabase/schemas/:
// each object once, with what belongs to it (a table's constraints, indexes, row security, policies, grants and
// comments; a function's grants and comments) right after it. Objects the local bootstrap created unchanged
// (server/db/bootstrap.sql, realtimeQueue.sql: Supabase's own auth, storage and realtime) and the local realtime
// capture triggers are left out. The output depends only on the schema: no version, owner or session noise.

export interface Block {
  /** pg_dump's TOC type: TABLE, FUNCTION, ACL, COMMENT, INDEX, POLICY, TRIGGER, PUBLICATION TABLE... */
  type: string;
  /** The object's schema, '-' for cluster or database objects (schemas, publications). */
  schema: string;
  /** pg_dump's TOC name: `points`, `is_admin()`, `points points_pkey`, `FUNCTION is_admin()`, `COLUMN points.x`. */
  name: string;
  /** The SQL, trimmed, without OWNER TO statements. */
  sql: string;
}

const HEADER = /^--\n-- (?:Data for )?Name: (.*?); Type: (.*?); Schema: (.*?); Owner: .*\n--\n/gm;

/** The blocks of a plain pg_dump, in its order. */
export function parseDump(text: string): Block[] {
  const blocks: Block[] = [];
  text = text.replace(/\n--\n-- PostgreSQL database dump complete\n--\n[\s\S]*$/, '\n');
  const heads = [...text.matchAll(HEADER)];
  heads.forEach((m, i) => {
    const start = (m.index ?? 0) + m[0].length;
    const end = i + 1 < heads.length ? heads[i + 1].index : text.length;
    const sql = text.slice(start, end)
      .split('\n')
      .filter((line) => !/^ALTER .* OWNER TO .*;$/.test(line) && !/^\\(un)?restrict /.test(line))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
    blocks.push({ type: m[2], schema: m[3], name: m[1], sql });
  });
  return blocks;
}

const key = (b: Block) => `${b.type}|${b.schema}|${b.name}`;

/** `f(a integer, b text, OUT c text)` and `f(integer, text)` → `f/2`: a function's name and input argument count,
 * the form that its TOC entry (input types) and its ACL and COMMENT entries (all arguments, named) share. */
export function functionKey(name: string): string {
  const open = name.indexOf('(');
  if (open < 0) return name;
  const args: string[] = [];
  let depth = 0;
  let arg = '';
  for (const c of name.slice(open + 1, name.lastIndexOf(')'))) {
    if (c === ',' && depth === 0) { args.push(arg.trim()); arg = ''; continue; }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    arg += c;
  }
  if (arg.trim()) args.push(arg.trim());
  return `${name.slice(0, open)}/${args.filter((a) => !/^OUT\s/.test(a)).length}`;
}

const FUNCTION_TYPES = new Set(['FUNCTION', 'PROCEDURE', 'AGGREGATE']);
/** The key an object is found by, for its dependent ACL and COMMENT blocks. */
function ownerKey(type: string, schema: string, quoted: string): string {
  const name = quoted.replace(/"/g, '');
  return `${FUNCTION_TYPES.has(type) ? 'FUNCTION' : type}|${schema}|${FUNCTION_TYPES.has(type) ? functionKey(name) : name}`;
}

/** Blocks of `dump` that the migrations made: not in `baseline` with the same SQL, not local capture triggers. */
export function migrationBlocks(dump: Block[], baseline: Block[]): Block[] {
  const base = new Map(baseline.map((b) => [key(b), b.sql]));
  return dump.filter((b) => base.get(key(b)) !== b.sql
    && b.schema !== 'supabase_migrations'
    && !(b.type === 'TRIGGER' && /\srealtime_capture(_insert|_update|_delete)?$/.test(b.name)));
}

/** The area files, in the order they apply (Supabase applies supabase/schemas/*.sql in name order). */
export const AREAS = [
  { file: '00_schemas.sql', title: 'Schemas, extensions, types and default privileges' },
  { file: '10_functions_private.sql', title: 'Private helpers (schema private, not exposed through the API): policy checks, trigger functions, dashboard internals' },
  { file: '20_functions_public.sql', title: 'API functions (schema public: called with supabase.rpc)' },
  { file: '30_tables.sql', title: 'Tables, each with its constraints, indexes, row-level security, policies, grants and comments; foreign keys at the end' },
  { file: '40_triggers.sql', title: 'Triggers, by table' },
  { file: '50_realtime.sql', title: 'Realtime: tables published to supabase_realtime, and what the migrations add to the realtime schema' },
  { file: '60_storage.sql', title: 'Storage: policies and functions the migrations add to the storage schema' },
  { file: '70_auth.sql', title: 'Auth: triggers, functions and grants the migrations add to the auth schema' },
] as const;
export type AreaFile = (typeof AREAS)[number]['file'];

const PROVIDED = new Set(['auth', 'storage', 'realtime']);

/** The schema-qualified table a dependent block belongs to, read from its SQL. */
function tableOf(b: Block): string | null {
  const m = /\bON (?:TABLE )?(?:ONLY )?([\w"]+\.[\w"]+)/.exec(b.sql)
    ?? /^ALTER TABLE (?:ONLY )?([\w"]+\.[\w"]+)/m.exec(b.sql)
    ?? /^COMMENT ON COLUMN ([\w"]+\.[\w"]+)\./m.exec(b.sql)
    ?? /^ALTER SEQUENCE [\w".]+ OWNED BY ([\w"]+\.[\w"]+)\./m.exec(b.sql);
  return m ? m[1] : null;
}

/** The name of the object an ACL or COMMENT block is about, in the form its owner block's key uses. */
function ownerOf(b: Block): { type: string; name: string } | null {
  const on = /^(?:CONSTRAINT|POLICY|TRIGGER|RULE) .* ON (.*)$/.exec(b.name);
  if (on) return { type: 'TABLE', name: on[1] };
  const m = /^(FUNCTION|PROCEDURE|AGGREGATE|TABLE|SEQUENCE|SCHEMA|TYPE|DOMAIN|EXTENSION|VIEW|COLUMN) (.*)$/.exec(b.name);
  if (!m) return null;
  if (m[1] === 'COLUMN') return { type: 'TABLE', name: m[2].split('.')[0] };
  return { type: m[1], name: m[2] };
}

interface Placed { file: AreaFile; group: string; fk: boolean }

function place(b: Block, owners: Map<string, Placed>): Placed {
  const schemaFile = (s: string): AreaFile | null => (s === 'storage' ? '60_storage.sql' : s === 'auth' ? '70_auth.sql' : s === 'realtime' ? '50_realtime.sql' : null);
  const provided = schemaFile(b.schema);
  switch (b.type) {
    case 'SCHEMA': case 'EXTENSION': case 'TYPE': case 'DOMAIN': case 'DEFAULT ACL':
      return { file: '00_schemas.sql', group: `${b.type} ${b.name}`, fk: false };
    case 'PUBLICATION': case 'PUBLICATION TABLE':
      return { file: '50_realtime.sql', group: b.type, fk: false };
    case 'FUNCTION': case 'PROCEDURE': case 'AGGREGATE':
      return { file: provided ?? (b.schema === 'public' ? '20_functions_public.sql' : '10_functions_private.sql'), group: `${b.schema}.${b.name}`, fk: false };
    case 'TABLE': case 'VIEW': case 'MATERIALIZED VIEW':
      return { file: provided ?? '30_tables.sql', group: `${b.schema}.${b.name}`, fk: false };
    case 'TRIGGER': {
      const table = tableOf(b) ?? b.schema;
      return { file: PROVIDED.has(table.split('.')[0]) ? schemaFile(table.split('.')[0])! : '40_triggers.sql', group: table, fk: false };
    }
    case 'ACL': case 'COMMENT': {
      const o = ownerOf(b);
      const owner = o && (owners.get(ownerKey(o.type, b.schema, o.name)) ?? owners.get(ownerKey('VIEW', b.schema, o.name)));
      if (owner) return owner;
      if (o?.type === 'SCHEMA') return { file: '00_schemas.sql', group: `SCHEMA ${o.name}`, fk: false };
      break;
    }
    default: {
      const table = tableOf(b) ?? (b.type === 'SEQUENCE' ? null : `${b.schema}.${b.name.split(' ')[0]}`);
      if (table) {
        const owner = owners.get(`TABLE|${table.split('.')[0]}|${table.split('.')[1]}`);
        if (owner) return { ...owner, fk: b.type === 'FK CONSTRAINT' };
        const s = schemaFile(table.split('.')[0]);
        if (s) return { file: s, group: table, fk: false };
      }
    }
  }
  return { file: provided ?? '30_tables.sql', group: `${b.schema}.${b.name}`, fk: false };
}

/** The text of each area file (header, then its groups in pg_dump's order). Areas with nothing are left out. */
export function areaFiles(blocks: Block[], header: string): Map<AreaFile, string> {
  const owners = new Map<string, Placed>();
  // Sequences and tables first, so that an ACL or a default finds its owner whatever the dump order.
  for (const b of blocks) {
    if (['TABLE', 'VIEW', 'MATERIALIZED VIEW', 'FUNCTION', 'PROCEDURE', 'AGGREGATE', 'SCHEMA', 'TYPE', 'DOMAIN', 'EXTENSION'].includes(b.type)) {
      owners.set(ownerKey(b.type, b.schema, b.name), place(b, owners));
    }
  }
  for (const b of blocks) {
    if (b.type !== 'SEQUENCE') continue;
    const owned = blocks.find((o) => o.type === 'SEQUENCE OWNED BY' && o.schema === b.schema && o.name === b.name);
    const table = owned && tableOf(owned);
    const owner = table ? owners.get(`TABLE|${table.split('.')[0]}|${table.split('.')[1]}`) : undefined;
    owners.set(ownerKey('SEQUENCE', b.schema, b.name), owner ?? place(b, owners));
  }
  const groups = new Map<AreaFile, Map<string, string[]>>();
  const foreignKeys = new Map<AreaFile, string[]>();
  for (const b of blocks) {
    const p = (b.type === 'ACL' || b.type === 'COMMENT' ? undefined : owners.get(ownerKey(b.type, b.schema, b.name))) ?? place(b, owners);
    if (p.fk) {
      foreignKeys.set(p.file, [...(foreignKeys.get(p.file) ?? []), b.sql]);
      continue;
    }
    const byGroup = groups.get(p.file) ?? new Map<string, string[]>();
    groups.set(p.file, byGroup);
    byGroup.set(p.group, [...(byGroup.get(p.group) ?? []), b.sql]);
  }
  const out = new Map<AreaFile, string>();
  for (const area of AREAS) {
    const byGroup = groups.get(area.file);
    const fks = foreignKeys.get(area.file);
    if (!byGroup && !fks) continue;
    const parts = [`-- ${area.title}.\n${header}`];
    if (area.file.includes('functions')) parts.push('SET check_function_bodies = false;');
    for (const [group, sqls] of byGroup ?? []) parts.push(`-- ${'-'.repeat(60)} ${group}\n\n${sqls.join('\n\n')}`);
    if (fks) parts.push(`-- ${'-'.repeat(60)} foreign keys\n\n${fks.join('\n\n')}`);
    out.set(area.file, `${parts.join('\n\n')}\n`);
  }
  return out;
}
