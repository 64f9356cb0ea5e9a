// A request the server could not finish in time or for lack of resources (docs/product.md#loading-messages): the
// statement time limit cancelled it (SQLSTATE 57014, answered 500 by PostgREST), the database ran out of memory,
// disk or connections (class 53, answered 503), or a 503/504 came back. Not the user's fault, worth retrying.

export const TOO_LONG_TEXT = 'La requête a pris trop de temps. Réessayez dans un instant.';

interface ErrLike { code?: unknown; status?: unknown; statusCode?: unknown }

export function isServerBusyError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as ErrLike;
  const code = typeof e.code === 'string' ? e.code : '';
  if (code === '57014' || (code.startsWith('53') && code !== '53400')) return true;
  const status = Number(e.status ?? e.statusCode);
  return status === 503 || status === 504;
}
