// Records of a line's place on the ground as the app holds them (public.line_axes, public.line_anchors) and the fix
// a point is captured from (points.gnss_*), docs/product.md#position.
import type { Track } from '../types';

export interface LineAxis { id: string; lineId: string; track: Track; coordinates: [number, number][]; bandYMin: number | null; bandYMax: number | null; updatedAt?: string }
export interface LineAnchor { id: string; lineId: string; track: Track; pk: number; lat: number; lon: number; source: 'import' | 'terrain'; accuracyM: number | null; fixes: number | null; updatedAt?: string }
export interface LinePositions { axes: LineAxis[]; anchors: LineAnchor[] }
export interface Gnss { lat: number; lon: number; accuracyM: number; fixes: number }
