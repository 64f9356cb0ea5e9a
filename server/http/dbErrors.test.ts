// dbInputError on errors raised by a real database (PGlite): NUL in text and jsonb, out of range, a check
// violation → 400 in each API's shape; a missing table (a server fault) stays a 500 (null).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import type { Database } from '../db/types';
import { dbInputError } from './dbErrors';

let db: Database;
beforeAll(async () => { db = await openDatabase({ memory: true }); });
afterAll(async () => { await db?.close(); });

const failure = (sql: string, params: unknown[] = []) => db.admin.query(sql, params).then(() => { throw new Error('no error'); }, (e: unknown) => e);

it('maps input-caused database errors to a 400 in the GoTrue, Storage and PostgREST shapes', async () => {
  for (const [sql, params] of [
    ['select $1::jsonb', ['{"x":"\\u0000"}']],
    ['select $1::text', ['a\u0000b']],
    ["select 1e400::float8", []],
    ['select 1/0', []],
  ] as [string, unknown[]][]) {
    const e = await failure(sql, params);
    expect(dbInputError(e, 'auth')?.status, sql).toBe(400);
    expect(dbInputError(e, 'auth')?.body).toMatchObject({ code: 'validation_failed', error_code: 'validation_failed', msg: expect.any(String) });
    expect(dbInputError(e, 'storage')?.body).toMatchObject({ statusCode: '400', error: 'InvalidRequest' });
    expect(Object.keys(dbInputError(e, 'rest')!.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  }
  expect(dbInputError(await failure('select * from nope'), 'auth')).toBeNull();
  expect(dbInputError(new Error('plain'), 'auth')).toBeNull();
});
