// French texts of the edit-conflict dialog and of a row deleted meanwhile.
export const CONFLICT_TEXT = {
  title: 'Modifié par un autre utilisateur',
  intro: 'Pendant que vous modifiiez, un autre utilisateur a enregistré ce qui suit. Choisissez, champ par champ, la valeur à conserver.',
  field: 'Champ',
  mine: 'Ma version',
  theirs: 'Version enregistrée',
  keepMine: 'Garder la mienne',
  takeTheirs: "Prendre l'autre",
  merge: 'Fusionner',
  mergedLabel: (field: string) => `${field} fusionné(e)`,
  mergeConflicts: 'Les deux versions ont modifié le même passage : les deux sont conservés, relisez le texte.',
  onlyMine: 'modifié par vous seulement',
  onlyTheirs: 'modifié par l’autre utilisateur seulement',
  both: 'modifié des deux côtés',
  empty: '(vide)',
  changedBy: (email: string | null, at: string) => (email ? `Modifié par ${email} le ${at}.` : `Modifié le ${at}.`),
  cancel: 'Annuler',
  apply: 'Enregistrer ces valeurs',
  pointGone: 'Ce signalement a été supprimé par un autre utilisateur.',
  pointGoneHelp: 'Vos saisies sont conservées. Vous pouvez le recréer avec ces informations.',
  recreate: 'Recréer le signalement',
  rowGone: 'Cet élément a été supprimé par un autre utilisateur.',
  cancelled: 'Enregistrement annulé : rien n’a été modifié, vos saisies sont conservées.',
} as const;

/** Field labels per table (the dialog's first column). */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Nom', description: 'Description', kilometer: 'PK', ticketNumber: 'N° OT/Dépêche', status: 'Statut',
  criticality: 'Criticité', teamId: 'Équipe', imageUrl: 'Photo', color: 'Couleur', track: 'Voie', points: 'Contour',
  icon: 'Icône', order: 'Ordre', position: 'Position', value: 'Valeur', code: 'Code',
};
