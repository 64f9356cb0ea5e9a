// Unit tests of the PostgREST query parsers and the SQL builder (no database).
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { parseLogic, parseOpValue, parseOrder, parseField, parsePrefer, parseRange, parseSelect, splitTop } from './parse';
import { parseQuery } from './query';
import { Params, buildRead, emptyPath, filterSql, insertSql, resolveEmbed } from './sql';
import type { SchemaCache, Table } from './schemaCache';

function table(name: string, cols: string[], pk = ['id']): Table {
  return { name, schema: 'public', kind: 'table', pk, columns: new Map(cols.map((c) => [c, { name: c, type: 'text', udt: 'text', nullable: true, hasDefault: false, defaultExpr: null }])) };
}
const points = table('points', ['id', 'name', 'team_id', 'status', 'position', 'created_at']);
const teams = table('teams', ['id', 'name']);
const cache: SchemaCache = {
  tables: new Map([['points', points], ['teams', teams]]),
  fks: [{ name: 'points_team_id_fkey', table: 'points', columns: ['team_id'], refTable: 'teams', refColumns: ['id'] }],
  funcs: new Map(), loadedAt: Date.now(),
};

describe('select parser', () => {
  it('parses stars, aliases, embeds with hints and !inner, json paths and casts', () => {
    expect(parseSelect('*,teams(name)')).toEqual([{ kind: 'star' }, { kind: 'embed', name: 'teams', alias: null, hint: null, inner: false, items: [{ kind: 'col', field: { name: 'name', json: [] }, alias: null, cast: null }] }]);
    const [a, b, c] = parseSelect('label:name,t:teams!points_team_id_fkey!inner(id),position->>x::float');
    expect(a).toMatchObject({ kind: 'col', alias: 'label', field: { name: 'name' } });
    expect(b).toMatchObject({ kind: 'embed', alias: 't', name: 'teams', hint: 'points_team_id_fkey', inner: true });
    expect(c).toMatchObject({ kind: 'col', field: { name: 'position', json: [{ arrow: '->>', key: 'x' }] }, cast: 'double precision' });
  });
  it('rejects unbalanced parentheses and unknown casts with PGRST100', () => {
    expect(() => parseSelect('teams(name')).toThrow(HttpError);
    try { parseSelect('name::regclass'); } catch (e) { expect((e as HttpError).body.code).toBe('PGRST100'); }
    expect(() => parseSelect('name::regclass')).toThrow();
  });
});

describe('filter parser', () => {
  it('parses operators, negation and in lists with quoted values', () => {
    expect(parseOpValue(parseField('status'), 'not.eq.resolu', false)).toEqual({ kind: 'cond', field: { name: 'status', json: [] }, negate: true, op: 'eq', value: 'resolu' });
    expect(parseOpValue(parseField('name'), 'in.(a,"b,c","d\\"e")', false)).toMatchObject({ op: 'in', value: ['a', 'b,c', 'd"e'] });
    expect(parseOpValue(parseField('x'), 'eq.a.b.c', false)).toMatchObject({ value: 'a.b.c' });
    expect(() => parseOpValue(parseField('x'), 'eqq.1', false)).toThrow(/failed to parse/);
    expect(() => parseOpValue(parseField('x'), 'is.maybe', false)).toThrow();
  });
  it('parses nested logic trees', () => {
    const f = parseLogic('or', false, '(a.eq.1,and(b.gt.2,c.lt.3),not.and(d.is.null,e.in.(1,2)),name.eq."x,y")');
    expect(f).toMatchObject({ kind: 'or', children: [{ op: 'eq' }, { kind: 'and', children: [{ op: 'gt' }, { op: 'lt' }] }, { kind: 'and', negate: true }, { value: 'x,y' }] });
    expect(() => parseLogic('or', false, 'a.eq.1')).toThrow();
    expect(() => parseLogic('or', false, '(a.eq.1')).toThrow();
    const deep = '(' + 'and('.repeat(3000) + 'a.eq.1' + ')'.repeat(3000) + ')';
    const details = (fn: () => unknown) => { try { fn(); } catch (e) { return String((e as HttpError).body.details); } return 'no error'; };
    expect(details(() => parseLogic('or', false, deep))).toMatch(/deeper/);
    expect(details(() => parseSelect('a('.repeat(3000) + 'x' + ')'.repeat(3000)))).toMatch(/deeper/);
  });
  it('parses order, prefer and range', () => {
    expect(parseOrder('created_at.desc.nullslast,id')).toEqual([
      { field: { name: 'created_at', json: [] }, desc: true, nulls: 'last' }, { field: { name: 'id', json: [] }, desc: false, nulls: null }]);
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates,missing=default')).toEqual({ return: 'representation', count: 'exact', resolution: 'merge-duplicates', missingDefault: true });
    expect(parseRange('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(splitTop('a,(b,c),"d,e"')).toEqual(['a', '(b,c)', '"d,e"']);
  });
});

describe('query string classification', () => {
  it('tells reserved keys from columns that merely end like them (color, vendor, standard)', () => {
    const { paths } = parseQuery(new URLSearchParams('color=eq.red&vendor=eq.x&standard=is.null&or=(a.eq.1)&not.and=(b.eq.2)&items.order=name&items.limit=2&items.not.or=(c.eq.3)&items.status=eq.done&order=color.desc&select=*'), new Set());
    const root = paths.get('')!;
    expect(root.filters.map((f) => (f.kind === 'cond' ? f.field.name : f.kind + (f.negate ? '!' : '')))).toEqual(['color', 'vendor', 'standard', 'or', 'and!']);
    expect(root.order).toHaveLength(1);
    const items = paths.get('items')!;
    expect(items.limit).toBe(2);
    expect(items.order[0].field.name).toBe('name');
    expect(items.filters.map((f) => (f.kind === 'cond' ? f.field.name : f.kind + (f.negate ? '!' : '')))).toEqual(['or!', 'status']);
  });
});

describe('SQL builder', () => {
  it('binds every value and quotes only cached identifiers', () => {
    const p = new Params();
    const s = filterSql(points, 't0', parseLogic('or', false, '(name.like.*x*,status.in.(a,b))'), p);
    expect(s).toBe(`(t0."name" like $1 or t0."status" in ($2, $3))`);
    expect(p.values).toEqual(['%x%', 'a', 'b']);
    expect(() => filterSql(points, 't0', parseOpValue(parseField('nope'), 'eq.1', false), new Params())).toThrow(/column points.nope does not exist/);
  });
  it('embeds many-to-one as an object and one-to-many as an array', () => {
    expect(resolveEmbed(cache, points, 'teams', null).kind).toBe('m2o');
    expect(resolveEmbed(cache, teams, 'points', null).kind).toBe('o2m');
    expect(() => resolveEmbed(cache, points, 'nothing', null)).toThrow(/Could not find a relationship/);
    const p = new Params();
    const paths = new Map([['', { ...emptyPath(), order: parseOrder('created_at.desc') }]]);
    const sql = buildRead({ cache, table: points, items: parseSelect('*,teams(name)'), paths, p, limit: 1000, offset: 0, stripNulls: false });
    expect(sql).toContain('row_to_json');
    expect(sql).toContain('order by t0."created_at" desc');
    expect(p.values).toEqual([1000]);
  });
  it('builds an upsert through json_populate_recordset', () => {
    const p = new Params();
    const s = insertSql(teams, ['id', 'name'], '[{"id":"1","name":"a"}]', p, { cols: ['id'], ignore: false }, true);
    expect(s).toBe(`insert into "public"."teams" as t0 ("id", "name") select "id", "name" from json_populate_recordset(null::"public"."teams", $1::json) _p on conflict ("id") do update set "id" = excluded."id", "name" = excluded."name" returning t0.*`);
  });
});
