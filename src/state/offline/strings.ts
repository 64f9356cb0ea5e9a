// French texts of the offline state (reasons stored with outbox items, toasts of the offline actions).
import type { OutboxItem } from '../../core/outbox/types';
import { bulkRowCount } from '../../core/outbox/bulk';
import { formatCount } from '../../core/format';

export const OFFLINE_TEXT = {
  opLabel: { create: 'Création', update: 'Modification', delete: 'Suppression', bulk: 'Modification groupée', event: 'Suivi' } as Record<'create' | 'update' | 'delete' | 'bulk' | 'event', string>,
  bulkName: (n: number) => `${formatCount(n)} signalement(s)`,
  conflictChanged: 'Ce point a été modifié par quelqu’un d’autre entre-temps.',
  conflictDeleted: 'Ce point a été supprimé sur le serveur entre-temps.',
  photoRemoveFailed: 'Suppression de la photo impossible',
  noSession: 'Aucune session : modification non enregistrée.',
};

/** What an outbox item is about: the point's name, or the size of a batch. */
export const itemName = (item: OutboxItem): string =>
  (item.op.kind === 'bulk' ? OFFLINE_TEXT.bulkName(bulkRowCount(item.op)) : item.view?.name ?? item.before?.name ?? '—');
