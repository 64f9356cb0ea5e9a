// Disk full, said as the server's fault: ENOSPC/EDQUOT of a file write (storage → 507 Insufficient Storage) and
// PostgreSQL's disk_full (SQLSTATE 53100: 503 through the class-53 rule of server/rest/errors.ts and
// server/http/dbErrors.ts), never a 400 or a bare 500.
import { storageError, type HttpError } from '../http/errors';

export const DISK_FULL_MESSAGE = 'The server is out of disk space';

export function isDiskFull(e: unknown): boolean {
  const x = e as { code?: unknown; message?: unknown } | null;
  if (x?.code === 'ENOSPC' || x?.code === 'EDQUOT' || x?.code === '53100') return true;
  return typeof x?.message === 'string' && /no space left on device/i.test(x.message);
}

/** The Storage-shaped 507 for a file write that found the disk full. */
export function storageFullError(): HttpError {
  return storageError(507, 'InsufficientStorage', DISK_FULL_MESSAGE);
}
