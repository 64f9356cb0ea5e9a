// French user-facing text of the map (one place for a translator).
export const MAP_STRINGS = {
  ariaLabel: (points: number, zones: number) =>
    `Plan de la ligne : ${points} signalement${points > 1 ? 's' : ''}, ${zones} zone${zones > 1 ? 's' : ''}`,
  zoomIn: 'Zoom avant',
  zoomOut: 'Zoom arrière',
  fit: 'Ajuster à la ligne',
  zoomControls: 'Contrôles du zoom',
  validateZone: 'Valider la zone',
  cancel: 'Annuler',
  drawZoneHint: (n: number) => (n < 3 ? `Cliquez pour ajouter des sommets (${n}/3 minimum)` : `${n} sommets : validez ou continuez`),
  drawPointHint: 'Cliquez sur le plan pour placer le signalement',
  zoneToolbar: 'Dessin de zone',
  loading: 'Chargement du plan...',
  keyboardHint: 'Flèches : déplacer le plan. + et − : zoomer. 0 : ajuster à la ligne.',
} as const;
