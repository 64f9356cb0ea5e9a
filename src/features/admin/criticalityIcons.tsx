// The 12 criticality icons of docs/product.md#criticality-levels for the admin forms, drawn with the same lucide components as the map
// (src/map/levelIcons.ts: one mapping for the whole app). lucide has no 'Warning': it is drawn as Siren there,
// distinct from AlertTriangle and AlertOctagon so all 12 choices look different.
import type { CriticalityIcon } from '../../core/types';
import { levelIcon } from '../../map/levelIcons';

/** French names for the icon picker's accessible labels. */
export const CRITICALITY_ICON_LABELS: Record<CriticalityIcon, string> = {
  AlertTriangle: 'Triangle d\'alerte', ShieldAlert: 'Bouclier', AlertCircle: 'Cercle d\'alerte', Zap: 'Éclair', Flame: 'Flamme',
  Skull: 'Tête de mort', Info: 'Information', Warning: 'Avertissement (gyrophare)', Ban: 'Interdit', XCircle: 'Croix',
  AlertOctagon: 'Octogone d\'alerte', Eye: 'Œil',
};

export function CriticalityIconView({ icon, size = 18, color }: { icon: string; size?: number; color?: string }) {
  const C = levelIcon(icon);
  return <C size={size} color={color} aria-hidden="true" />;
}
