import { describe, expect, it } from 'vitest';
import { loginErrorMessage, signupErrorMessage, tokenErrorMessage } from './authErrors';

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
