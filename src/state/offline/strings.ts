// French texts of the offline state (reasons stored with outbox items, toasts of the offline actions).
export const OFFLINE_TEXT = {
  opLabel: { create: 'Création', update: 'Modification', delete: 'Suppression' } as Record<'create' | 'update' | 'delete', string>,
  conflictChanged: 'Ce point a été modifié par quelqu’un d’autre entre-temps.',
  conflictDeleted: 'Ce point a été supprimé sur le serveur entre-temps.',
  photoRemoveFailed: 'Suppression de la photo impossible',
  noSession: 'Aucune session : modification non enregistrée.',
};
