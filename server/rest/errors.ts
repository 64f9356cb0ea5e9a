// Turns whatever a REST request threw into a PostgREST error response: HttpError as is, Postgres errors by
// SQLSTATE (PostgREST's table), anything else a logged 500.
import { HttpError } from '../http/errors';

interface PgLikeError { code?: unknown; message?: unknown; detail?: unknown; hint?: unknown }

export function pgStatus(code: string, role: string): number {
  // PostgREST: a raised SQLSTATE 'PTxyz' answers HTTP xyz (e.g. PT409 'stale_version' of the row-version trigger).
  const pt = /^PT([1-5][0-9]{2})$/.exec(code);
  if (pt) return Number(pt[1]);
  if (code === '23505' || code === '23503') return 409;
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  // The server's own failures are never the client's (docs/supabase-protocol.md#errors), as PostgREST's table:
  // connection 08* and out of resources 53* (memory, disk full, too many connections) → 503, but 53400 (config
  // limit) → 500; 57P01 (shutdown) → 503; other operator intervention 57*, 57014 (statement timeout) included → 500.
  if (code === '54000' || code === '54001') return 413;
  if (code === '53400') return 500;
  if (code.startsWith('53') || code.startsWith('08') || code === '57P01') return 503;
  if (/^(09|25|2D|38|39|3B|40|55|57|58|F0|HV|XX)/.test(code) || (code.startsWith('P0') && code !== 'P0001')) return 500;
  return 400;
}

export function toHttpError(e: unknown, role: string): HttpError {
  if (e instanceof HttpError) return e;
  const pe = e as PgLikeError;
  if (pe && typeof pe.code === 'string' && /^[0-9A-Z]{5}$/.test(pe.code)) {
    return new HttpError(pgStatus(pe.code, role), {
      code: pe.code,
      details: typeof pe.detail === 'string' ? pe.detail : null,
      hint: typeof pe.hint === 'string' ? pe.hint : null,
      message: String(pe.message ?? 'database error'),
    });
  }
  console.error('[rest] unexpected error', e);
  return new HttpError(500, { code: 'PGRST000', details: null, hint: null, message: 'Internal server error' });
}
