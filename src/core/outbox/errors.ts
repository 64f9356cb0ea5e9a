// Classifying a failed request of the replay: network (wait and retry), session (wait for a sign-in),
// stale version (a conflict), or a refusal with its French reason.
import { isServerBusyError } from '../serverBusy';

export type FailureKind = 'network' | 'auth' | 'conflict' | 'refused';

interface ErrLike { name?: string; message?: string; code?: string; status?: number; statusCode?: string | number; details?: string }

const NETWORK_RE = /failed to fetch|networkerror|network request failed|load failed|fetch failed|err_internet_disconnected|err_network|aborted|timeout|timed out/i;

export function failureKind(err: unknown, status?: number): FailureKind {
  const e = (err ?? {}) as ErrLike;
  const st = status ?? e.status ?? (e.statusCode !== undefined ? Number(e.statusCode) : undefined);
  if (e.code === 'PT409' || /stale_version/.test(e.message ?? '')) return 'conflict';
  if (isServerDiskFull(e, st)) return 'refused'; // shown with its reason, not retried silently as a network error
  if (st === 401 || e.code === 'PGRST301' || e.code === 'PGRST303' || /jwt|token.*(expired|invalid)|not authenticated/i.test(e.message ?? '')) return 'auth';
  if (isServerBusyError(err)) return 'network'; // timed out or server out of resources: retry later
  if (e.name === 'AuthRetryableFetchError' || e.name === 'TypeError' || e.name === 'AbortError' || st === 0 || (st !== undefined && st >= 502 && st <= 504)) return 'network';
  if (NETWORK_RE.test(`${e.message ?? ''} ${e.details ?? ''}`)) return 'network';
  return 'refused';
}

export const SERVER_DISK_FULL_MESSAGE = "Le serveur n'a plus d'espace disque : rien n'a été perdu, réessayez plus tard et prévenez l'administrateur.";

/** The server's disk is full: 507 (storage) or PostgreSQL's disk_full 53100 (503). docs/product.md#point-messages */
function isServerDiskFull(e: ErrLike & { error?: string }, status?: number): boolean {
  return e.code === '53100' || e.error === 'InsufficientStorage' || Number(status ?? e.status ?? e.statusCode) === 507;
}

/** The French reason shown for a refused item. */
export function refusalReason(err: unknown): string {
  const e = (err ?? {}) as ErrLike;
  const code = e.code ?? '';
  if (isServerDiskFull(e)) return SERVER_DISK_FULL_MESSAGE;
  if (code === '23503') return "Refusé par le serveur : l'équipe ou le niveau de criticité n'existe plus.";
  if (code === '23514' || code === '22P02' || code === '23502') return 'Refusé par le serveur : une valeur est invalide.';
  if (code === '42501' || Number(e.status ?? e.statusCode) === 403) return "Refusé par le serveur : vous n'avez pas les droits nécessaires.";
  if (Number(e.status ?? e.statusCode) === 413) return 'Photo refusée : fichier trop volumineux.';
  if (/mime|invalid.*(image|type)|magic/i.test(e.message ?? '')) return "Photo refusée : ce n'est pas une image valide.";
  return `Refusé par le serveur${e.message ? ` : ${e.message}` : '.'}`;
}

/** A storage upload answered "already exists": the photo landed in an earlier attempt. */
export function isAlreadyExists(err: unknown): boolean {
  const e = (err ?? {}) as ErrLike & { error?: string };
  return Number(e.statusCode ?? e.status) === 409 || e.error === 'Duplicate' || /already exists|duplicate/i.test(e.message ?? '');
}
