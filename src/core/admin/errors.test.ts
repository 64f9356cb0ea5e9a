import { describe, expect, it } from 'vitest';
import { inviteErrorKind, isInUseError, isLastAdminError, isPermissionError } from './errors';

describe('inviteErrorKind', () => {
  it('maps a unique violation to a duplicate invitation', () => {
    expect(inviteErrorKind({ code: '23505', message: 'duplicate key value violates unique constraint' })).toBe('duplicate');
  });
  it('recognises the French messages of docs/product.md#invitation-messages returned by invite_user', () => {
    expect(inviteErrorKind({ message: 'Un utilisateur avec cette adresse email existe déjà' })).toBe('exists');
    expect(inviteErrorKind({ message: 'Une invitation a déjà été envoyée à cette adresse email' })).toBe('duplicate');
    expect(inviteErrorKind({ message: 'Seuls les administrateurs peuvent inviter des utilisateurs' })).toBe('not_admin');
    expect(inviteErrorKind({ message: 'Vous devez être connecté pour inviter des utilisateurs' })).toBe('not_logged');
    expect(inviteErrorKind({ message: 'Veuillez entrer une adresse email valide.' })).toBe('invalid_email');
    expect(inviteErrorKind({ code: '23505', message: 'Une invitation a déjà été envoyée à cette adresse email', hint: 'invitation_pending' })).toBe('duplicate');
  });
  it('falls back to generic', () => {
    expect(inviteErrorKind(new Error('boom'))).toBe('generic');
    expect(inviteErrorKind(null)).toBe('generic');
  });
});

describe('error predicates', () => {
  it('detects the last-admin refusal', () => {
    expect(isLastAdminError({ code: 'P0001', message: 'Impossible de supprimer le dernier administrateur' })).toBe(true);
    expect(isLastAdminError({ code: 'P0001', message: 'cannot demote the last admin' })).toBe(true);
    expect(isLastAdminError({ code: '42501', message: 'permission denied' })).toBe(false);
  });
  it('detects permission and in-use refusals', () => {
    expect(isPermissionError({ code: '42501', message: 'new row violates row-level security policy' })).toBe(true);
    expect(isInUseError({ code: '23503', message: 'update or delete on table "teams" violates foreign key constraint' })).toBe(true);
    expect(isInUseError({ code: '42501', message: 'permission denied' })).toBe(false);
  });
});
