// The 12 criticality icon names of SPEC §3 drawn with lucide-react. lucide has no 'Warning': it is drawn as BadgeAlert
// (an exclamation badge), distinct from AlertTriangle (TriangleAlert) and AlertOctagon (OctagonAlert) so all 12 differ.
import { Ban, BadgeAlert, CircleAlert, CircleX, Eye, Flame, Info, OctagonAlert, ShieldAlert, Skull, TriangleAlert, Zap, type LucideIcon } from 'lucide-react';
import type { CriticalityIcon } from '../../core/types';

export const CRITICALITY_ICON_COMPONENTS: Record<CriticalityIcon, LucideIcon> = {
  AlertTriangle: TriangleAlert,
  ShieldAlert,
  AlertCircle: CircleAlert,
  Zap,
  Flame,
  Skull,
  Info,
  Warning: BadgeAlert,
  Ban,
  XCircle: CircleX,
  AlertOctagon: OctagonAlert,
  Eye,
};

/** French names for the icon picker's accessible labels. */
export const CRITICALITY_ICON_LABELS: Record<CriticalityIcon, string> = {
  AlertTriangle: 'Triangle d\'alerte', ShieldAlert: 'Bouclier', AlertCircle: 'Cercle d\'alerte', Zap: 'Éclair', Flame: 'Flamme',
  Skull: 'Tête de mort', Info: 'Information', Warning: 'Avertissement', Ban: 'Interdit', XCircle: 'Croix',
  AlertOctagon: 'Octogone d\'alerte', Eye: 'Œil',
};

export function CriticalityIconView({ icon, size = 18, color }: { icon: string; size?: number; color?: string }) {
  const C = CRITICALITY_ICON_COMPONENTS[icon as CriticalityIcon] ?? TriangleAlert;
  return <C size={size} color={color} aria-hidden="true" />;
}
