// French failure messages of the administration actions (docs/product.md#administration-messages); the admin
// panel's texts (src/features/admin/strings.ts) name the same strings.
import type { InviteErrorKind } from '../core/admin/errors';
import { fail, type Failure } from '../core/result';

export const ADMIN_FAILURE = {
  emailRequired: 'Veuillez entrer une adresse email valide.',
  roleRefused: 'Échec du changement de rôle. Vérifiez que vous avez les droits administrateur.',
  roleError: 'Une erreur est survenue lors du changement de rôle.',
  lastAdmin: 'Impossible de supprimer le dernier administrateur. Il doit toujours y avoir au moins un administrateur dans le système.',
  teamError: "Une erreur est survenue lors du changement d'équipe.",
  accessSelf: 'Vous ne pouvez pas désactiver votre propre compte.',
  accessRefused: 'Action refusée. Vérifiez que vous avez les droits administrateur.',
  accessError: "Une erreur est survenue lors du changement d'accès.",
  revokeGone: "Cette invitation a déjà été utilisée ou révoquée.",
  revokeError: "Une erreur est survenue lors de la révocation de l'invitation.",
  teamInUse: 'Impossible de supprimer cette équipe car elle est utilisée par des signalements',
  teamDeleteError: "Erreur lors de la suppression de l'équipe",
  levelDeleteError: 'Erreur lors de la suppression',
  levelDefaultNoDelete: 'Impossible de supprimer un niveau par défaut',
  levelInUse: (n: number) => `Impossible de supprimer ce niveau car il est utilisé par ${n} signalement(s)`,
  lineDuplicateCode: 'Ce code de ligne existe déjà.',
  lineSaveError: "Erreur lors de l'enregistrement de la ligne",
  levelSaveError: 'Erreur lors de la sauvegarde',
  markerDeleteError: 'Erreur lors de la suppression du marqueur',
  imageUploadError: "Erreur lors de l'upload de l'image",
} as const;

/** The message of an invite_user failure. */
export function inviteErrorText(kind: InviteErrorKind): string {
  switch (kind) {
    case 'duplicate': return 'Une invitation a déjà été envoyée à cette adresse email';
    case 'exists': return 'Un utilisateur avec cette adresse email existe déjà';
    case 'not_logged': return 'Vous devez être connecté pour inviter des utilisateurs';
    case 'not_admin': return 'Seuls les administrateurs peuvent inviter des utilisateurs';
    case 'invalid_email': return ADMIN_FAILURE.emailRequired;
    case 'email_check': return "Erreur lors de la vérification de l'email";
    case 'create': return "Erreur lors de la création de l'invitation";
    default: return "Une erreur est survenue lors de l'envoi de l'invitation.";
  }
}

/** An invite_user failure as a Result failure. */
export function inviteFailure(kind: InviteErrorKind): Failure {
  const k = kind === 'duplicate' || kind === 'exists' ? 'duplicate'
    : kind === 'not_logged' || kind === 'not_admin' ? 'refused'
      : kind === 'invalid_email' ? 'invalid' : 'error';
  return fail(k, inviteErrorText(kind));
}
