// The message of a failed save: a row deleted meanwhile or a cancelled conflict say so; anything else keeps the
// form's own text (issue 15).
import { ConflictCancelledError, RowGoneError } from '../../state/conflicts';
import { CONFLICT_TEXT } from './strings';

export function saveErrorText(err: unknown, fallback: string): string {
  if (err instanceof RowGoneError) return CONFLICT_TEXT.rowGone;
  if (err instanceof ConflictCancelledError) return CONFLICT_TEXT.cancelled;
  return fallback;
}
