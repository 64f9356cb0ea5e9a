import { describe, expect, it } from 'vitest';
import { loginErrorMessage, signupErrorMessage, ssoStartFailure, tokenErrorMessage } from './authErrors';

describe('loginErrorMessage (docs/product.md#sign-in-messages provider table)', () => {
  it('maps GoTrue codes and messages', () => {
    expect(loginErrorMessage({ code: 'email_not_confirmed', message: 'Email not confirmed' })).toBe('Veuillez vérifier votre email et confirmer votre compte.');
    expect(loginErrorMessage({ code: 'invalid_credentials', message: 'Invalid login credentials' })).toBe('Email ou mot de passe incorrect.');
    expect(loginErrorMessage({ message: 'Invalid login credentials' })).toBe('Email ou mot de passe incorrect.');
    expect(loginErrorMessage({ code: 'user_already_exists', message: 'User already registered' })).toBe('Cet email est déjà enregistré.');
    expect(loginErrorMessage({ code: 'user_banned', message: 'User is banned' })).toBe('Votre accès a été désactivé. Contactez un administrateur.');
  });
  it("falls back to 'Une erreur s'est produite'", () => {
    expect(loginErrorMessage(new Error('fetch failed'))).toBe("Une erreur s'est produite");
    expect(loginErrorMessage(null)).toBe("Une erreur s'est produite");
  });
});

describe('invitation errors', () => {
  it('keeps the French token messages raised by the database', () => {
    expect(signupErrorMessage({ message: "Database error saving new user: Cette invitation a expiré" })).toBe('Cette invitation a expiré');
    expect(signupErrorMessage({ message: "Token d'invitation introuvable ou déjà utilisé" })).toBe("Token d'invitation introuvable ou déjà utilisé");
    expect(tokenErrorMessage({ message: "Token d'invitation manquant" })).toBe("Token d'invitation manquant");
  });
  it('uses the account and validation fallbacks', () => {
    expect(signupErrorMessage(new Error('boom'))).toBe('Erreur lors de la création du compte');
    expect(signupErrorMessage({ code: 'user_already_exists', message: 'User already registered' })).toBe('Cet email est déjà enregistré.');
    expect(tokenErrorMessage(new Error('network'))).toBe("Erreur lors de la validation du token d'invitation");
  });
});

describe('ssoStartFailure (docs/product.md#single-sign-on)', () => {
  it('names the domain when no provider is configured for it', () => {
    const want = "Aucun fournisseur d'identité SSO n'est configuré pour le domaine « exploitant.fr ». Vérifiez l'adresse saisie, utilisez votre email et votre mot de passe, ou demandez à l'administrateur de configurer l'authentification unique pour votre organisation.";
    expect(ssoStartFailure({ code: 'sso_provider_not_found' }, 'exploitant.fr')).toEqual({ ok: false, kind: 'invalid', message: want });
    expect(ssoStartFailure({ status: 404 }, 'exploitant.fr')).toEqual({ ok: false, kind: 'invalid', message: want });
  });
  it('tells an unreachable provider from SSO turned off', () => {
    const down = "Le fournisseur d'identité de votre organisation ne répond pas. Réessayez dans quelques instants ou utilisez votre email et votre mot de passe.";
    for (const e of [{ code: 'sso_provider_unavailable' }, { status: 502 }, { status: 504 }]) expect(ssoStartFailure(e, 'x.fr')).toEqual({ ok: false, kind: 'error', message: down });
    const off = "La connexion SSO n'est pas activée sur ce serveur. Utilisez votre email et votre mot de passe, ou demandez à l'administrateur de configurer l'authentification unique.";
    for (const code of ['sso_provider_disabled', 'saml_provider_disabled']) expect(ssoStartFailure({ code }, 'x.fr')).toEqual({ ok: false, kind: 'refused', message: off });
  });
  it("falls back to 'Erreur lors de la connexion SSO'", () => {
    expect(ssoStartFailure({ status: 500 }, 'x.fr')).toEqual({ ok: false, kind: 'error', message: 'Erreur lors de la connexion SSO' });
    expect(ssoStartFailure(null, 'x.fr')).toEqual({ ok: false, kind: 'error', message: 'Erreur lors de la connexion SSO' });
  });
});
