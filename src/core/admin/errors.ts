// Classifies backend errors of the administration calls into the cases docs/product.md#administration-messages names (the UI turns kinds into text).
// Works on PostgREST / supabase-js error objects ({code, message, details, hint}) and on invite_user results.

export interface BackendError { code?: string; message?: string; details?: string | null; hint?: string | null; status?: number }

const text = (e: unknown): string => {
  if (!e || typeof e !== 'object') return typeof e === 'string' ? e : '';
  const b = e as BackendError;
  return [b.message, b.details, b.hint].filter(Boolean).join(' ').toLowerCase();
};
const code = (e: unknown): string => (e && typeof e === 'object' ? String((e as BackendError).code ?? '') : '');

export type InviteErrorKind = 'duplicate' | 'exists' | 'not_logged' | 'not_admin' | 'invalid_email' | 'email_check' | 'create' | 'generic';

/** An invite_user failure: a thrown error or a {success:false, message} result. */
export function inviteErrorKind(e: unknown): InviteErrorKind {
  const t = text(e);
  if (code(e) === '23505' || t.includes('déjà été envoyée') || t.includes('already been sent') || t.includes('already invited')) return 'duplicate';
  if (t.includes('existe déjà') || t.includes('already exists') || t.includes('already registered')) return 'exists';
  if (t.includes('être connecté') || t.includes('not authenticated') || t.includes('jwt') || code(e) === 'PGRST301') return 'not_logged';
  if (code(e) === '42501' || t.includes('seuls les administrateurs') || t.includes('only admin') || t.includes('permission denied')) return 'not_admin';
  if (t.includes('adresse email valide')) return 'invalid_email';
  if (t.includes('vérification de l\'email')) return 'email_check';
  if (t.includes('création de l\'invitation')) return 'create';
  return 'generic';
}

/** True when the database refused to demote the last admin. */
export function isLastAdminError(e: unknown): boolean {
  const t = text(e);
  return t.includes('dernier administrateur') || t.includes('last admin') || t.includes('last_admin');
}

/** True for a permission refusal (RLS or an explicit check). */
export function isPermissionError(e: unknown): boolean {
  const t = text(e);
  return code(e) === '42501' || t.includes('permission denied') || t.includes('row-level security') || t.includes('droits administrateur');
}

/** True when a delete was refused because rows still reference the row (points using a team or level). */
export function isInUseError(e: unknown): boolean {
  const t = text(e);
  return code(e) === '23503' || t.includes('foreign key') || t.includes('utilisé') || t.includes('in use');
}
