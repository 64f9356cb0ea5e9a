// The one shape of an action's outcome (CONTRIBUTING.md#actions-and-failures): a value, or an expected failure with
// its kind (what the screen may branch on) and the French message ready to show. Unexpected bugs still throw.

/**
 * Why an action did not happen: `refused` a rule said no (rights, last admin, own account, default level),
 * `in_use` rows still use it, `gone` it no longer exists, `duplicate` the value is taken, `invalid` the input is
 * wrong, `offline` no network, `error` the server failed or could not be reached.
 */
export type FailureKind = 'refused' | 'in_use' | 'gone' | 'duplicate' | 'invalid' | 'offline' | 'error';

export type Failure = { readonly ok: false; readonly kind: FailureKind; readonly message: string };
export type Result<T = void> = { readonly ok: true; readonly value: T } | Failure;

/** A success: `ok()` for an action that returns nothing, `ok(value)` otherwise. */
export function ok(): Result<void>;
export function ok<T>(value: T): Result<T>;
export function ok<T>(value?: T): Result<T | undefined> {
  return { ok: true, value };
}

/** An expected failure with its French message. */
export const fail = (kind: FailureKind, message: string): Failure => ({ ok: false, kind, message });

/** The message to show, or null on success. */
export const failureMessage = (r: Result<unknown>): string | null => (r.ok ? null : r.message);
