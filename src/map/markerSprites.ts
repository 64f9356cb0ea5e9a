// Pre-rendered marker sprites (one small canvas per severity rank: disc in the level colour + white lucide icon),
// so the points layer draws a single point with one drawImage instead of paths and text.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { levelIcon } from './levelIcons';

export const MARKER_DIAMETER_PX = 26; // screen px
const ICON_PX = 15; // screen px

export interface SpriteLevel { color: string; icon: string }

/** Sprites indexed by severity rank; entries stay null until their icon image has loaded. */
export class MarkerSprites {
  readonly sprites: (HTMLCanvasElement | null)[] = [];
  private key = '';

  constructor(private onReady: () => void) {}

  /** Rebuilds the sprites when the levels or the pixel ratio change. `levels[rank]`; rank 0 = unknown level. */
  update(levels: readonly SpriteLevel[], pixelRatio: number): void {
    const key = JSON.stringify([levels, pixelRatio]);
    if (key === this.key) return;
    this.key = key;
    this.sprites.length = 0;
    levels.forEach((_, rank) => { this.sprites[rank] = null; });
    // Outside the React render that called us: iconSvg renders with flushSync.
    setTimeout(() => levels.forEach((level, rank) => {
      if (this.key !== key) return;
      const svg = iconSvg(level.icon);
      const img = new Image();
      img.onload = () => {
        if (this.key !== key) return;
        this.sprites[rank] = paintSprite(level.color, img, pixelRatio);
        this.onReady();
      };
      img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    }), 0);
  }
}

const svgCache = new Map<string, string>();

/** The icon's SVG markup, white strokes, rendered synchronously into a detached node. */
function iconSvg(name: string): string {
  const hit = svgCache.get(name);
  if (hit) return hit;
  const div = document.createElement('div');
  const root = createRoot(div);
  flushSync(() => root.render(createElement(levelIcon(name), { color: '#ffffff', size: 24, strokeWidth: 2.5 })));
  const svg = div.innerHTML.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ');
  root.unmount();
  svgCache.set(name, svg);
  return svg;
}

function paintSprite(color: string, icon: HTMLImageElement, pixelRatio: number): HTMLCanvasElement {
  const size = Math.ceil(MARKER_DIAMETER_PX * pixelRatio);
  const c = document.createElement('canvas');
  c.width = size;
  c.height = size;
  const ctx = c.getContext('2d')!;
  ctx.scale(pixelRatio, pixelRatio);
  const r = MARKER_DIAMETER_PX / 2;
  ctx.beginPath();
  ctx.arc(r, r, r - 1.5, 0, Math.PI * 2);
  ctx.fillStyle = color;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#ffffff';
  ctx.stroke();
  ctx.drawImage(icon, r - ICON_PX / 2, r - ICON_PX / 2 - 0.5, ICON_PX, ICON_PX);
  return c;
}
