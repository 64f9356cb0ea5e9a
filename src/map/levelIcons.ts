// The lucide icon component of each criticality icon name (docs/product.md#criticality-levels: 12 choices), for the map's marker sprites.
import {
  AlertCircle, AlertOctagon, AlertTriangle, Ban, Eye, Flame, Info, ShieldAlert, Siren, Skull, XCircle, Zap, type LucideIcon,
} from 'lucide-react';
import type { CriticalityIcon } from '../core/types';

export const LEVEL_ICONS: Record<CriticalityIcon, LucideIcon> = {
  AlertTriangle, ShieldAlert, AlertCircle, Zap, Flame, Skull, Info, Warning: Siren, Ban, XCircle, AlertOctagon, Eye,
};

export function levelIcon(name: string): LucideIcon {
  return LEVEL_ICONS[name as CriticalityIcon] ?? AlertTriangle;
}
