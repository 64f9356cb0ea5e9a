// French texts of the report screens: the shared report texts (src/core/report/strings) plus form and progress labels.
import { formatCount } from '../../core/format';
export { REPORT_MESSAGES, REPORT_TEXT } from '../../core/report/strings';

export const FORM_TEXT = {
  start: 'PK de départ',
  end: "PK d'arrivée",
  min: 'Min',
  max: 'Max',
  minOf: (field: string) => `Min, ${field} : valeur minimale`, // the visible 'Min' starts the name
  maxOf: (field: string) => `Max, ${field} : valeur maximale`,
  bounds: (min: string, max: string) => `Entre PK ${min} et PK ${max}`,
  tracks: 'Voies',
  zones: 'Zones traversées',
  searchZones: 'Rechercher une zone',
  selectAll: 'Tout sélectionner',
  deselectAll: 'Tout désélectionner',
  noZone: 'Aucune zone traversée par ce parcours',
  noZoneMatch: 'Aucune zone ne correspond à la recherche',
  selectedCount: (n: number, total: number) => `${n} / ${total} sélectionnée${n > 1 ? 's' : ''}`,
  noTrackHint: 'Aucune voie sélectionnée : seules les zones sans voie restent sélectionnées, le rapport porte sur les deux voies.',
  cancel: 'Annuler',
  retry: 'Réessayer',
  pointsLoading: (n: number) => `Chargement des signalements... (${formatCount(n)})`,
  pointsLoaded: (n: number) => `${formatCount(n)} signalement${n > 1 ? 's' : ''} chargé${n > 1 ? 's' : ''}`,
  classifying: 'Classement des anomalies...',
} as const;

export const WORD_PROGRESS = {
  rows: (done: number, total: number, bytes = 0) =>
    `Création du document : ${formatCount(done)} / ${formatCount(total)} anomalies${bytes ? ` (${(bytes / 2 ** 20).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo)` : ''}`,
  images: (done: number, total: number) => `Récupération des photos (${done}/${total})`,
  build: 'Création du document...',
  pack: 'Compression du fichier...',
  done: 'Téléchargement...',
  downloaded: (name: string) => `Rapport téléchargé : ${name}`,
} as const;

const fr = formatCount;
export const PRINT_TEXT = {
  title: 'Imprimer le rapport',
  summary: (n: number, pages: number) => `${fr(n)} anomalie${n > 1 ? 's' : ''} à imprimer : environ ${fr(pages)} page${pages > 1 ? 's' : ''} A4.`,
  from: 'Du PK',
  to: 'Au PK',
  hint: (min: string, max: string) => `Réduisez l'intervalle pour imprimer une partie du parcours (PK ${min} à PK ${max}).`,
  invalid: 'Saisissez deux PK valides.',
  tooMany: (max: number) => `Trop d'anomalies pour une impression (au plus ${fr(max)}) : réduisez l'intervalle de PK.`,
  none: "Aucune anomalie dans cet intervalle.",
  cancel: 'Annuler',
  confirm: 'Imprimer',
  preparing: (done: number, total: number) => `Préparation de l'impression (${fr(done)}/${fr(total)})...`,
  partial: (start: string, end: string, n: number) => `Impression partielle : PK ${start} → PK ${end} (${fr(n)} anomalie${n > 1 ? 's' : ''})`,
} as const;
