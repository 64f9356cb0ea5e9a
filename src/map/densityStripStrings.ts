// French text of the density strip; the cell text itself is src/core/densityStrip/bins.ts `cellText`.
import { formatCount } from '../core/format';

export const DENSITY_STRINGS = {
  toggle: 'Bande de densité des anomalies ouvertes',
  readoutHelp: 'Bande de densité : flèches gauche et droite pour passer d’une portion de 100 m à l’autre',
  summary: (total: number) =>
    `${formatCount(total)} anomalie${total > 1 ? 's' : ''} ouverte${total > 1 ? 's' : ''} le long de la ligne. Touchez ou survolez la bande pour lire une portion de 100 m.`,
  computing: 'Calcul de la bande de densité…',
  noMarkers: 'Bande de densité : la ligne n’a pas assez de repères kilométriques.',
} as const;
