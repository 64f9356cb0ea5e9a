// Pure viewport arithmetic of the map: zoom bounds and steps, pointer-anchored zoom, clamping that keeps
// the line on screen, fit-to-line. Stage pixels = image pixels × scale + offset.
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '../core/constants';

export interface Viewport {
  /** Zoom factor (screen px per image px), within ZOOM_MIN..ZOOM_MAX. */
  scale: number;
  /** Screen position of image pixel (0, 0), in CSS px relative to the container. */
  x: number;
  y: number;
}

export interface Size { width: number; height: number }

export function clampScale(scale: number, min = ZOOM_MIN): number {
  return Math.min(ZOOM_MAX, Math.max(min, scale));
}

/** The zoom at which the whole image fits the view (width and height). */
export function wholeLineScale(view: Size, image: Size): number {
  return Math.min(view.width / image.width, view.height / image.height);
}

/** The lowest zoom: ZOOM_MIN, or lower when the view needs it to show the whole line (a phone). */
export function minScaleFor(view: Size, image: Size): number {
  const whole = wholeLineScale(view, image);
  return Number.isFinite(whole) && whole > 0 ? Math.min(ZOOM_MIN, whole) : ZOOM_MIN;
}

/** The next wheel/button step from `scale` (direction +1 in, -1 out), on the 0.1 grid, bounded. */
export function stepScale(scale: number, direction: 1 | -1, min = ZOOM_MIN): number {
  const grid = Math.round(scale / ZOOM_STEP);
  const onGrid = Math.abs(scale / ZOOM_STEP - grid) < 1e-6;
  const next = direction > 0 ? (onGrid ? grid + 1 : Math.ceil(scale / ZOOM_STEP)) : onGrid ? grid - 1 : Math.floor(scale / ZOOM_STEP);
  const stepped = Math.round(next * ZOOM_STEP * 1000) / 1000;
  // Below ZOOM_MIN (only a view that shows the whole line goes there) a step out goes to the lowest zoom.
  return clampScale(stepped < ZOOM_MIN && direction < 0 ? min : stepped, min);
}

/** Keeps the image on screen: no empty band when the image is larger than the view, centred when smaller. */
export function clampViewport(v: Viewport, view: Size, image: Size): Viewport {
  const w = image.width * v.scale;
  const h = image.height * v.scale;
  const x = w <= view.width ? (view.width - w) / 2 : Math.min(0, Math.max(view.width - w, v.x));
  const y = h <= view.height ? (view.height - h) / 2 : Math.min(0, Math.max(view.height - h, v.y));
  return { scale: v.scale, x, y };
}

/**
 * The lowest zoom a wheel, pinch, button or key may reach from `scale`: the spec's ZOOM_MIN; below it only a view that
 * 'Ajuster à la ligne' put there (the whole line on a narrow screen), which zooming out then keeps.
 */
export function gestureMinScale(scale: number): number {
  return Math.min(ZOOM_MIN, scale);
}

/** Zoom to `scale` keeping the image point under the screen anchor fixed, then clamp (never below gestureMinScale). */
export function zoomAt(v: Viewport, scale: number, anchorX: number, anchorY: number, view: Size, image: Size): Viewport {
  const s = clampScale(scale, gestureMinScale(v.scale));
  const imageX = (anchorX - v.x) / v.scale;
  const imageY = (anchorY - v.y) / v.scale;
  return clampViewport({ scale: s, x: anchorX - imageX * s, y: anchorY - imageY * s }, view, image);
}

/** 'Ajuster à la ligne': the whole line (its length and height) in view, centred. */
export function wholeLineViewport(view: Size, image: Size): Viewport {
  const s = clampScale(wholeLineScale(view, image), minScaleFor(view, image));
  return clampViewport({ scale: s, x: 0, y: 0 }, view, image);
}

/** The first view: the whole height of the line (both tracks and the ruler) in view, centred on the current x. */
export function fitViewport(v: Viewport, view: Size, image: Size): Viewport {
  const s = clampScale(view.height / image.height);
  const centreImageX = (view.width / 2 - v.x) / v.scale;
  return clampViewport({ scale: s, x: view.width / 2 - centreImageX * s, y: 0 }, view, image);
}

/**
 * The first view: at the current zoom, the view's left edge `marginPx` before the image x of the
 * first kilometre marker, so the stretch before the ruler does not fill a phone's first screen.
 */
export function startAtImageX(v: Viewport, imageX: number, view: Size, image: Size, marginPx = 24): Viewport {
  return clampViewport({ scale: v.scale, x: marginPx - imageX * v.scale, y: v.y }, view, image);
}

/**
 * After the view was resized (a banner gone, a rotation): a line that covered the old view's height is zoomed to
 * cover the new one, about the view's centre, so no empty band appears above and below it.
 * A view zoomed out on purpose below that (the whole line) is left as it is.
 */
export function keepCoveringHeight(v: Viewport, before: Size, view: Size, image: Size): Viewport {
  const covered = image.height * v.scale >= before.height - 0.5;
  const need = view.height / image.height;
  if (!covered || v.scale >= need || before.height <= 0) return v;
  const s = Math.min(ZOOM_MAX, need);
  const cx = (before.width / 2 - v.x) / v.scale;
  const cy = (before.height / 2 - v.y) / v.scale;
  return clampViewport({ scale: s, x: view.width / 2 - cx * s, y: view.height / 2 - cy * s }, view, image);
}

/** Centre the view on an image position at the current zoom. */
export function centreOn(v: Viewport, imageX: number, imageY: number, view: Size, image: Size): Viewport {
  return clampViewport({ scale: v.scale, x: view.width / 2 - imageX * v.scale, y: view.height / 2 - imageY * v.scale }, view, image);
}

/** The image rectangle visible in the view, grown by `marginFraction` of its size on every side. */
export function visibleImageRect(v: Viewport, view: Size, marginFraction = 0): { minX: number; minY: number; maxX: number; maxY: number } {
  const w = view.width / v.scale;
  const h = view.height / v.scale;
  const minX = -v.x / v.scale;
  const minY = -v.y / v.scale;
  return { minX: minX - w * marginFraction, minY: minY - h * marginFraction, maxX: minX + w * (1 + marginFraction), maxY: minY + h * (1 + marginFraction) };
}

export function screenToImage(v: Viewport, screenX: number, screenY: number): { x: number; y: number } {
  return { x: (screenX - v.x) / v.scale, y: (screenY - v.y) / v.scale };
}
