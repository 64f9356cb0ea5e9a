// French texts of single sign-on: the SSO block of the login screen and the /auth/callback page (docs/product.md#single-sign-on).
import { SSO_FAILURE } from '../../state/authStrings';

export const SSO_TEXT = {
  title: 'Connexion avec votre compte professionnel (SSO)',
  emailLabel: 'Email professionnel',
  emailPlaceholder: 'prenom.nom@exploitant.fr',
  submit: 'Continuer avec le SSO',
  submitting: 'Redirection...',
  emailRequired: 'Veuillez entrer votre adresse email professionnelle pour la connexion SSO',
  redirectSlow: "La redirection vers votre fournisseur d'identité n'a pas eu lieu.",
  redirectManual: 'Cliquez ici pour continuer',
  // /auth/callback
  connecting: 'Connexion en cours...',
  authError: "Erreur d'authentification",
  ssoAuthError: SSO_FAILURE.ssoAuthError,
  errorLabel: 'Erreur :',
  errorCodeLabel: 'Code :',
  errorDescriptionLabel: 'Détail :',
  backHome: "Retour à l'accueil",
  retry: 'Réessayer',
} as const;

/** Readable French explanations for the error codes the server puts in the callback URL. */
export const SSO_ERROR_HELP: Record<string, string> = {
  bad_oauth_state: 'Le lien de connexion est invalide, expiré ou a déjà été utilisé. Recommencez la connexion depuis cet appareil.',
  provider_error: "Le fournisseur d'identité a refusé ou interrompu la connexion.",
  email_not_verified: "Votre fournisseur d'identité n'a pas confirmé votre adresse email.",
  email_missing: "Votre fournisseur d'identité n'a pas transmis d'adresse email.",
  sso_domain_not_allowed: "Le domaine de votre adresse email n'est pas autorisé pour ce fournisseur d'identité.",
  sso_provider_unavailable: "Le fournisseur d'identité ne répond pas.",
  user_banned: 'Ce compte est bloqué.',
};
