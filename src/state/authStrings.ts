// French failure messages of sign-in and invitation sign-up; the login screen's texts (src/features/auth/strings.ts)
// include them.
export const AUTH_FAILURE = {
  // Provider errors (docs/product.md#sign-in-messages)
  errEmailNotConfirmed: 'Veuillez vérifier votre email et confirmer votre compte.',
  errInvalidCredentials: 'Email ou mot de passe incorrect.',
  errAlreadyRegistered: 'Cet email est déjà enregistré.',
  errGeneric: "Une erreur s'est produite",
  // Invitation token (docs/product.md#invitation-messages)
  tokenMissing: "Token d'invitation manquant",
  tokenInvalid: "Token d'invitation invalide ou expiré",
  tokenExpired: 'Cette invitation a expiré',
  tokenNotFound: "Token d'invitation introuvable ou déjà utilisé",
  tokenCheckError: "Erreur lors de la validation du token d'invitation",
  accountError: 'Erreur lors de la création du compte',
} as const;
