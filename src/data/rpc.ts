// Typed calls of the database's API functions (src/data/database.types.ts): the function's name, its argument names
// and its row answers are checked by the compiler. What the generated types cannot say is stated here once: a SQL
// argument accepts null (the generator types it as never null).
import { supabase } from './client';
import type { Database } from './database.types';
export { jsonAnswer, jsonArg } from './json';

type Functions = Database['public']['Functions'];
export type FunctionName = keyof Functions;
/** A function's arguments, each of which may be null (SQL's null, sent as JSON null). */
export type RpcArgs<F extends FunctionName> = { [K in keyof Functions[F]['Args']]: Functions[F]['Args'][K] | null };

/** supabase.rpc with the generated types, arguments allowed to be null. */
export function rpc<F extends FunctionName>(fn: F, args: RpcArgs<F>) {
  return supabase().rpc(fn, args as Functions[F]['Args']);
}
