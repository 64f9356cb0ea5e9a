// The split of a pg_dump into supabase/schemas/ area files: blocks parsed, bootstrap objects left out, each
// object's grants, comments, constraints and policies placed right after it.
import { describe, expect, it } from 'vitest';
import { areaFiles, functionKey, migrationBlocks, parseDump } from './split';

const block = (name: string, type: string, schema: string, sql: string) =>
  `--\n-- Name: ${name}; Type: ${type}; Schema: ${schema}; Owner: postgres\n--\n\n${sql}\n\n\n`;

const DUMP = [
  '--\n-- PostgreSQL database dump\n--\n\n\\restrict abc\n\nSET statement_timeout = 0;\n\n',
  block('uid()', 'FUNCTION', 'auth', 'CREATE FUNCTION auth.uid() RETURNS uuid\n    LANGUAGE sql STABLE\n    AS $$ select 1 $$;'),
  block('is_admin()', 'FUNCTION', 'private', 'CREATE FUNCTION private.is_admin() RETURNS boolean\n    LANGUAGE sql\n    AS $$ select true $$;\n\n\nALTER FUNCTION private.is_admin() OWNER TO postgres;'),
  block('teams', 'TABLE', 'public', 'CREATE TABLE public.teams (\n    id uuid NOT NULL\n);'),
  block('points', 'TABLE', 'public', 'CREATE TABLE public.points (\n    id uuid NOT NULL,\n    team_id uuid\n);'),
  block('points points_pkey', 'CONSTRAINT', 'public', 'ALTER TABLE ONLY public.points\n    ADD CONSTRAINT points_pkey PRIMARY KEY (id);'),
  block('points_team_idx', 'INDEX', 'public', 'CREATE INDEX points_team_idx ON public.points USING btree (team_id);'),
  block('points realtime_capture_insert', 'TRIGGER', 'public', 'CREATE TRIGGER realtime_capture_insert AFTER INSERT ON public.points FOR EACH STATEMENT EXECUTE FUNCTION realtime.capture_statement();'),
  block('points points_touch', 'TRIGGER', 'public', 'CREATE TRIGGER points_touch BEFORE UPDATE ON public.points FOR EACH ROW EXECUTE FUNCTION private.touch();'),
  block('points points_team_id_fkey', 'FK CONSTRAINT', 'public', 'ALTER TABLE ONLY public.points\n    ADD CONSTRAINT points_team_id_fkey FOREIGN KEY (team_id) REFERENCES public.teams(id);'),
  block('points read', 'POLICY', 'public', 'CREATE POLICY read ON public.points FOR SELECT USING (true);'),
  block('objects poi read', 'POLICY', 'storage', 'CREATE POLICY "poi read" ON storage.objects FOR SELECT USING (true);'),
  block('FUNCTION is_admin()', 'ACL', 'private', 'GRANT ALL ON FUNCTION private.is_admin() TO authenticated;'),
  block('TABLE points', 'ACL', 'public', 'GRANT SELECT ON TABLE public.points TO authenticated;'),
  block('COLUMN points.team_id', 'COMMENT', 'public', "COMMENT ON COLUMN public.points.team_id IS 'The team.';"),
  '\\unrestrict abc\n\n--\n-- PostgreSQL database dump complete\n--\n',
].join('');

const BASELINE = DUMP.slice(0, DUMP.indexOf('--\n-- Name: is_admin()'));

describe('schema split', () => {
  it('parses the blocks of a dump without owner and session noise', () => {
    const blocks = parseDump(DUMP);
    expect(blocks.map((b) => `${b.type} ${b.schema}.${b.name}`).slice(0, 3)).toEqual(['FUNCTION auth.uid()', 'FUNCTION private.is_admin()', 'TABLE public.teams']);
    const isAdmin = blocks[1].sql;
    expect(isAdmin).not.toMatch(/OWNER TO/);
    expect(blocks.at(-1)!.sql).toBe("COMMENT ON COLUMN public.points.team_id IS 'The team.';");
  });

  it('leaves out what the bootstrap made and the local capture triggers', () => {
    const kept = migrationBlocks(parseDump(DUMP), parseDump(BASELINE));
    const names = kept.map((b) => b.name);
    expect(names).not.toContain('uid()');
    expect(names).not.toContain('points realtime_capture_insert');
    expect(names).toContain('points points_touch');
  });

  it('keys a function the same way by argument types and by argument names', () => {
    expect(functionKey('f(p_a integer, p_b numeric(10, 2))')).toBe(functionKey('f(integer, numeric(10, 2))'));
    expect(functionKey('f()')).toBe('f/0');
    expect(functionKey('f(p_url text, OUT subject text, OUT body text)')).toBe(functionKey('f(text)'));
    expect(functionKey('f(jsonb)')).not.toBe(functionKey('f(jsonb, text)'));
  });

  it('places each object once, with its grants, comments, constraints and policies after it', () => {
    const files = areaFiles(migrationBlocks(parseDump(DUMP), parseDump(BASELINE)), '-- header');
    expect([...files.keys()]).toEqual(['10_functions_private.sql', '30_tables.sql', '40_triggers.sql', '60_storage.sql']);
    const functions = files.get('10_functions_private.sql')!;
    expect(functions.indexOf('GRANT ALL ON FUNCTION private.is_admin()')).toBeGreaterThan(functions.indexOf('CREATE FUNCTION private.is_admin()'));
    const tables = files.get('30_tables.sql')!;
    const order = ['CREATE TABLE public.teams', 'CREATE TABLE public.points', 'points_pkey', 'points_team_idx',
      'CREATE POLICY read', 'GRANT SELECT ON TABLE public.points', 'COMMENT ON COLUMN public.points.team_id', ' foreign keys\n', 'points_team_id_fkey'].map((s) => tables.indexOf(s));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(files.get('40_triggers.sql')).toContain('CREATE TRIGGER points_touch');
    expect(files.get('60_storage.sql')).toContain('CREATE POLICY "poi read" ON storage.objects');
    const all = [...files.values()].join('\n');
    expect(all.match(/CREATE TABLE public.points/g)).toHaveLength(1);
    expect(all).not.toMatch(/restrict abc|statement_timeout|OWNER TO|dump complete/);
  });
});
