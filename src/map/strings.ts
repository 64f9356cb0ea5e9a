// French user-facing text of the map (one place for a translator).
import { MIN_ZONE_VERTICES as MIN } from '../core/constants';
import { formatCount } from '../core/format';

export const MAP_STRINGS = {
  ariaLabel: (points: number, zones: number) =>
    `Plan de la ligne : ${points} signalement${points > 1 ? 's' : ''}, ${zones} zone${zones > 1 ? 's' : ''}`,
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  fit: 'Ajuster à la ligne',
  zoomControls: 'Contrôles du zoom',
  legend: 'Légende',
  legendCluster: 'Groupe : nombre de signalements, couleur de la criticité la plus haute (la liste du groupe nomme chacune)',
  legendSelected: 'Cerclé de bleu : sélectionné (sur un groupe, le nombre de ses signalements sélectionnés)',
  legendLate: 'Pastille rouge : en retard, échéance dépassée et non résolu (sur un groupe : il en contient)',
  legendLateTooMany: 'Trop de signalements en retard pour les marquer sur le plan : le filtre « En retard » de la liste les donne.',
  validateZone: 'Valider la zone',
  cancel: 'Annuler',
  drawZoneHint: (n: number) => (n < MIN ? `Cliquez pour ajouter des sommets (${n}/${MIN} minimum)` : `${n} sommets : validez ou continuez`),
  drawPointHint: 'Cliquez sur le plan, ou appuyez sur Entrée au clavier, pour placer le signalement',
  drawPointHintTouch: 'Touchez le plan pour placer le signalement',
  lassoHint: 'Entourez des signalements (souris ou doigt) pour les sélectionner',
  lassoAdded: (n: number) => `${formatCount(n)} signalement(s) ajouté(s) à la sélection`,
  lassoDone: 'Terminer',
  zoneToolbar: 'Dessin de zone',
  loading: 'Chargement du plan...',
  keyboardHint: 'Flèches : déplacer le plan. + et − : zoomer. 0 : ajuster à la ligne. En mode Signaler ou Zone : Entrée ou Espace place au centre de la croix.',
  modeDrawPoint: 'Mode Signaler : déplacez le plan avec les flèches, puis Entrée ou Espace place le signalement au centre de la croix. Échap annule.',
  modeDrawZone: `Mode Zone : déplacez le plan avec les flèches, Entrée ou Espace ajoute un sommet au centre de la croix ; validez la zone à partir de ${MIN} sommets. Échap annule.`,
  modeView: 'Mode consultation.',
  pointPlaced: (km: string | null) => `Position choisie${km ? ` au PK ${km}` : ''} : formulaire de signalement ouvert.`,
  vertexAdded: (n: number, km: string | null) =>
    `Sommet ${n} ajouté${km ? ` au PK ${km}` : ''}. ${n < MIN ? `${MIN - n} de plus au minimum.` : 'Vous pouvez valider la zone.'}`,
  outsideImage: 'Le centre de la croix est hors du plan : déplacez le plan avec les flèches.',
} as const;
