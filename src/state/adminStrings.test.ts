// invite_user failures as Result failures: the kind a screen may branch on and the docs/product.md#administration-messages text.
import { describe, expect, it } from 'vitest';
import { inviteErrorKind } from '../core/admin/errors';
import { inviteFailure } from './adminStrings';

describe('inviteFailure', () => {
  it('maps each invite error to its kind and French message', () => {
    expect(inviteFailure('duplicate')).toEqual({ ok: false, kind: 'duplicate', message: 'Une invitation a déjà été envoyée à cette adresse email' });
    expect(inviteFailure('exists')).toEqual({ ok: false, kind: 'duplicate', message: 'Un utilisateur avec cette adresse email existe déjà' });
    expect(inviteFailure('not_admin')).toEqual({ ok: false, kind: 'refused', message: 'Seuls les administrateurs peuvent inviter des utilisateurs' });
    expect(inviteFailure('not_logged')).toEqual({ ok: false, kind: 'refused', message: 'Vous devez être connecté pour inviter des utilisateurs' });
    expect(inviteFailure('invalid_email')).toEqual({ ok: false, kind: 'invalid', message: 'Veuillez entrer une adresse email valide.' });
    expect(inviteFailure('generic')).toEqual({ ok: false, kind: 'error', message: "Une erreur est survenue lors de l'envoi de l'invitation." });
  });
  it('reads a server refusal through inviteErrorKind', () => {
    expect(inviteFailure(inviteErrorKind({ code: '23505', message: 'duplicate key' })).kind).toBe('duplicate');
    expect(inviteFailure(inviteErrorKind({ code: '42501', message: 'permission denied' })).kind).toBe('refused');
  });
});
