// JSON values between the app's types and the generated Json type (src/data/database.types.ts), which says nothing
// of a jsonb column's or a JSON answer's shape: the shapes are those the SQL builds and checks.
import type { Json } from './database.types';

/** A JSON value as the shape its SQL builds: a function's JSON answer (json_build_object…), or a row whose jsonb
 * columns hold what the app wrote. */
export function jsonAnswer<T>(data: Json | null): T {
  return data as unknown as T;
}

/** A plain object or array of JSON values passed as a json/jsonb argument (interfaces have no index signature, so
 * the compiler cannot see them as Json). */
export function jsonArg(value: object): NonNullable<Json> {
  return value as NonNullable<Json>;
}
