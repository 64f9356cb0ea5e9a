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

/** French failure messages of single sign-on (docs/product.md#single-sign-on); src/features/auth/ssoStrings.ts reuses ssoAuthError. */
export const SSO_FAILURE = {
  noProvider: (domain: string) =>
    `Aucun fournisseur d'identité SSO n'est configuré pour le domaine « ${domain} ». Vérifiez l'adresse saisie, utilisez votre email et votre mot de passe, ou demandez à l'administrateur de configurer l'authentification unique pour votre organisation.`,
  providerUnavailable:
    "Le fournisseur d'identité de votre organisation ne répond pas. Réessayez dans quelques instants ou utilisez votre email et votre mot de passe.",
  ssoDisabled:
    "La connexion SSO n'est pas activée sur ce serveur. Utilisez votre email et votre mot de passe, ou demandez à l'administrateur de configurer l'authentification unique.",
  missingUrl: "Le serveur n'a pas renvoyé d'adresse de redirection vers votre fournisseur d'identité. Réessayez ou contactez l'administrateur.",
  ssoError: 'Erreur lors de la connexion SSO',
  ssoAuthError: "Erreur lors de l'authentification SSO",
  noSession: "Aucune session n'a été reçue du fournisseur d'identité.",
} as const;
