// The interface of a map mode's pointer handling (tools: view, draw-point, draw-zone), tldraw-style.
import type { createStore } from 'jotai';
import type { ImagePoint, KilometerMarker } from '../../core/types';
import type { MapEngineApi } from '../MapCanvas';
import type { MapHit } from '../hitTarget';

export type Store = ReturnType<typeof createStore>;

export interface ToolContext {
  store: Pick<Store, 'get' | 'set'>;
  api: MapEngineApi | null;
  /** Point index (in the arrays sent to the worker) → point id. */
  pointIds: ArrayLike<string | undefined>;
  markers: readonly KilometerMarker[];
  image: { width: number; height: number };
}

export interface TapEvent { image: ImagePoint; hit: MapHit | null }

export interface MapTool {
  enter(ctx: ToolContext): void;
  click(ctx: ToolContext, e: TapEvent): void;
  move(ctx: ToolContext, image: ImagePoint): void;
  cancel(ctx: ToolContext): void;
}

export function insideImage(p: ImagePoint, image: { width: number; height: number }): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= image.width && p.y <= image.height;
}
