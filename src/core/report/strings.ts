// French texts of the route report (docs/product.md#route-report, #report-form, #report-messages), shared by the form, the on-screen view and the Word document.
import { formatCount } from '../format';

export const REPORT_MESSAGES = {
  needRange: "Veuillez sélectionner les points de départ et d'arrivée",
  needZone: 'Veuillez sélectionner au moins une zone',
  startOutOfBounds: (min: string, max: string) => `Le PK de départ doit être compris entre PK ${min} et PK ${max}`,
  endOutOfBounds: (min: string, max: string) => `Le PK d'arrivée doit être compris entre PK ${min} et PK ${max}`,
  needMarkers: 'Ajoutez au moins deux marqueurs PK sur la règle pour utiliser cette fonctionnalité.',
  loadingData: 'Chargement des données...',
  loadError: 'Erreur lors du chargement des points',
  wordError: 'Impossible de générer le rapport Word. Veuillez réessayer.',
  wordAlert: 'Une erreur est survenue lors de la génération du rapport Word',
} as const;

export const REPORT_TEXT = {
  formTitle: 'Générer un rapport',
  viewTitle: 'Rapport de parcours',
  lineOf: 'Ligne :',
  submit: 'Générer le rapport',
  download: 'Télécharger Word',
  print: 'Imprimer',
  close: 'Fermer',
  empty: 'Aucune anomalie non résolue',
  statUnresolved: 'Anomalies non résolues',
  statZones: 'Zones avec anomalies',
  statDangers: 'Dangers sécurité',
  outsideZones: 'Anomalies hors zones',
  range: 'Parcours',
  tracks: 'Voies',
  generatedOn: 'Généré le',
  zonesSelected: (n: number) => `${n} zone${n > 1 ? 's' : ''} sélectionnée${n > 1 ? 's' : ''}`,
  anomalies: (n: number) => `${formatCount(n)} anomalie${n > 1 ? 's' : ''}`,
  info: 'Ce rapport liste les anomalies non résolues (statuts Signalé et En cours) dont le PK est compris dans le parcours, regroupées par zone, zones triées par PK de début et anomalies par PK.',
  colPk: 'PK',
  colLabel: 'Libellé',
  colDescription: 'Description',
  colStatus: 'Statut',
  colCriticality: 'Criticité',
  colTeam: 'Équipe',
  colAssignee: 'Assigné à',
  colDue: 'Échéance',
  colTicket: 'N° OT/Dépêche',
  colPhoto: 'Photo',
  photoAltN: (n: number, name: string) => `Photo ${n} : ${name}`,
  noTeam: 'Sans équipe',
  photoOffline: (label: string) => `Photo non incluse (rapport généré hors ligne) : ${label}`,
  none: '—',
  loadingRow: 'Chargement de la ligne',
  rowsTable: 'Anomalies du rapport',
  pages: 'Pages du rapport',
  pageRange: (from: number, to: number, total: number) => `Lignes ${formatCount(from)} à ${formatCount(to)} sur ${formatCount(total)}`,
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
} as const;

/** The report's title: 'Rapport de parcours', with the line of a network's report ('… — L2 · Ligne B'). */
export const reportTitle = (lineLabel?: string | null): string => (lineLabel ? `${REPORT_TEXT.viewTitle} — ${lineLabel}` : REPORT_TEXT.viewTitle);
