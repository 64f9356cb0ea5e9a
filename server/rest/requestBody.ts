// A /rest/v1 request's JSON body, and the PostgREST errors about bodies and single-object answers.
import { restError } from '../http/errors';
import { NonFiniteNumber, parseStrictJson } from './json';
import type { Table } from './schemaCache';

export async function readJson(ctx: { body: () => Promise<Buffer> }): Promise<unknown> {
  const raw = (await ctx.body()).toString('utf8');
  if (raw.trim() === '') return undefined;
  try { return parseStrictJson(raw); } catch (e) { throw invalidJson(e instanceof NonFiniteNumber ? e.message : null); }
}

export const invalidJson = (details: string | null = null) => restError(400, 'PGRST102', 'Empty or invalid json', details, null);
export const unknownBodyColumn = (t: Table, k: string) => restError(400, 'PGRST204', `Could not find the '${k}' column of '${t.name}' in the schema cache`, null, null);
export const notSingle = (n: number) => restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${n} rows`, null);
