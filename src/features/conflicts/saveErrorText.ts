// The message of a failed save: a row deleted meanwhile, a cancelled conflict or a request that took too long say
// so; anything else keeps the form's own text.
import { ConflictCancelledError, RowGoneError } from '../../state/conflicts';
import { CONFLICT_TEXT } from './strings';
import { isServerBusyError, TOO_LONG_TEXT } from '../../core/serverBusy';

export function saveErrorText(err: unknown, fallback: string): string {
  if (err instanceof RowGoneError) return CONFLICT_TEXT.rowGone;
  if (err instanceof ConflictCancelledError) return CONFLICT_TEXT.cancelled;
  if (isServerBusyError(err)) return TOO_LONG_TEXT; // timed out or out of resources: not the user's input
  return fallback;
}
