// French texts of the login screen (docs/product.md#sign-in, #sign-in-rules, #sign-in-messages).
import { AUTH_FAILURE } from '../../state/authStrings';

export const AUTH_TEXT = {
  appTitle: 'Signalements ferroviaires',
  appSubtitle: 'Suivi des anomalies de la ligne',
  titleSignin: 'Connectez-vous',
  titleInvite: 'Créez votre compte',
  checkingInvitation: "Vérification de l'invitation...",
  email: 'Email',
  emailPlaceholder: 'prenom.nom@exploitant.fr',
  password: 'Mot de passe',
  passwordConfirm: 'Confirmer le mot de passe',
  signin: 'Se connecter',
  signingIn: 'Connexion...',
  createAccount: 'Créer mon compte',
  creatingAccount: 'Création du compte...',
  invitedAs: 'Compte invité :',
  pleaseCreate: 'Vous êtes invité : choisissez votre mot de passe pour créer votre compte.',
  noAccount: "Vous n'avez pas de compte ? L'accès se fait uniquement sur invitation : demandez à un administrateur de vous envoyer une invitation.",
  accountCreated: 'Compte créé avec succès',
  pleaseLogin: 'Vous pouvez maintenant vous connecter avec votre email et votre mot de passe.',
  backToSignin: 'Retour à la connexion',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  privacyTitle: 'Protection des données personnelles',
  privacyBody:
    "Les informations saisies (adresse email, signalements, photos) sont traitées par l'exploitant pour le suivi de la maintenance de la ligne. Elles sont réservées aux agents habilités et conservées pendant la durée nécessaire à ce suivi. Vous disposez d'un droit d'accès, de rectification, d'effacement et de limitation du traitement de vos données.",
  privacyContact: 'Pour exercer ces droits, contactez le délégué à la protection des données :',
  privacyComplaint:
    "Si vous estimez, après nous avoir contactés, que vos droits ne sont pas respectés, vous pouvez adresser une réclamation à la CNIL (Commission nationale de l'informatique et des libertés) :",
  cnilUrl: 'https://www.cnil.fr/fr/plaintes',
  cnilLabel: 'www.cnil.fr',
  // Provider and invitation errors (docs/product.md#sign-in-messages, #invitation-messages)
  ...AUTH_FAILURE,
} as const;
