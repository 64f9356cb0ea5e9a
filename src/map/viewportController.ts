// Owns the live viewport outside React: handlers call panBy/zoomAt, one rAF applies stage.position/scale; while the
// view moves the drawn layers are only moved (CSS transforms, LayerPainter), and once it rests for SETTLE_MS the stale
// layers are redrawn within a frame budget (a gesture never waits for drawing). Listeners hear every
// painted frame and, once movement settles, the settled viewport.
import type Konva from 'konva';
import { LayerPainter } from './layerPainter';
import {
  centreOn, clampViewport, fitViewport, gestureMinScale, keepCoveringHeight, stepScale, wholeLineViewport, zoomAt, type Size, type Viewport,
} from './viewportMath';

export const SETTLE_MS = 120; // ms without movement before the layers are redrawn and clusters re-queried (engine choice)
/** ms a wheel notch holds the gesture open: the notches of one wheel spin (100-250 ms apart) make one gesture, not a
 * redraw between each (on a phone-class CPU a redraw between notches made the frames that missed). */
export const WHEEL_SETTLE_MS = 300;
const ANIMATION_MS = 250; // ms, centre/fit animation

type Listener = (v: Viewport) => void;
/** `moved`: the viewport differs from the previous paint (false for a data-only redraw). */
type FrameListener = (v: Viewport, moved: boolean) => void;

export class ViewportController {
  viewport: Viewport = { scale: 1, x: 0, y: 0 };
  view: Size = { width: 0, height: 0 };
  image: Size = { width: 1, height: 1 };
  private stage: Konva.Stage | null = null;
  private raf = 0;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /** Once disposed (until a stage is attached again), no frame or settle timer starts (they would keep the painter
   * and its closures alive after the map is gone). */
  private disposed = false;
  /** A centre/fit animation; `target` recomputes its end for the current sizes (a resize during it keeps it going). */
  private anim: { from: Viewport; to: Viewport; start: number; target: () => Viewport } | null = null;
  /** A centre asked for before the first layout: applied (without animation) once the view has a size. */
  private pendingCentre: { x: number; y: number } | null = null;
  private frameListeners = new Set<FrameListener>();
  private lastPainted: Viewport | null = null;
  private settleListeners = new Set<Listener>();
  private paintedListeners = new Set<Listener>();
  private initialised = false;
  /** The view was moved on purpose (a pan, a zoom, a centring, 'Ajuster à la ligne') since the line was shown. */
  private movedByUser = false;
  /** The view moved less than SETTLE_MS ago: layers are transformed, not drawn. */
  private moving = false;
  /** performance.now() before which the gesture under way does not settle (a wheel spin, see holdGesture). */
  private holdUntil = 0;
  readonly painter = new LayerPainter(() => this.viewport);

  attachStage(stage: Konva.Stage | null): void {
    this.stage = stage;
    if (stage) this.disposed = false; // React StrictMode mounts again after a dispose: the controller is reused
    if (stage) this.schedule();
  }

  /** Container or image size changed; the first call fits the line. */
  setSizes(view: Size, image: Size): void {
    const before = this.view;
    this.view = view;
    this.image = image;
    if (!this.initialised && view.width > 0 && view.height > 0) {
      this.initialised = true;
      this.viewport = fitViewport({ scale: 1, x: 0, y: 0 }, view, image);
      const c = this.pendingCentre;
      this.pendingCentre = null;
      if (c) this.viewport = centreOn(this.viewport, c.x, c.y, view, image);
    } else if (this.initialised) {
      this.viewport = keepCoveringHeight(this.viewport, before, view, image);
    }
    if (this.anim && this.initialised) {
      // A resize (a panel, a banner, the line image's real size) during a centring must not stop it half-way.
      this.anim.to = this.anim.target();
      this.schedule();
      return;
    }
    this.set(this.viewport);
  }

  /** Replace the viewport (clamped) and paint it on the next frame. */
  set(v: Viewport): void {
    this.anim = null;
    this.viewport = clampViewport(v, this.view, this.image);
    this.schedule();
  }

  /** Whether the view was moved on purpose since the line was shown (then no automatic first view applies). */
  get userMoved(): boolean {
    return this.movedByUser;
  }

  /** Another line is shown: its automatic first view applies again until the user moves it. */
  lineShown(): void {
    this.movedByUser = false;
  }

  panBy(dxScreen: number, dyScreen: number): void {
    this.movedByUser = true;
    const v = this.viewport;
    this.set({ scale: v.scale, x: v.x + dxScreen, y: v.y + dyScreen });
  }

  zoomTo(scale: number, anchorX = this.view.width / 2, anchorY = this.view.height / 2): void {
    this.movedByUser = true;
    this.anim = null;
    this.viewport = zoomAt(this.viewport, scale, anchorX, anchorY, this.view, this.image);
    this.schedule();
  }

  /** One 0.1 step in (+1) or out (-1), anchored at a screen point (default: the centre). */
  zoomStep(direction: 1 | -1, anchorX?: number, anchorY?: number): void {
    this.zoomTo(stepScale(this.viewport.scale, direction, gestureMinScale(this.viewport.scale)), anchorX, anchorY);
  }

  /** The gesture under way goes on for at least `ms` from now: the layers are not redrawn before (a wheel notch). */
  holdGesture(ms: number): void {
    this.holdUntil = Math.max(this.holdUntil, performance.now() + ms);
  }

  /** 'Ajuster à la ligne' and the key 0: the whole line in view. */
  fit(): void {
    this.movedByUser = true;
    this.animateTo(() => wholeLineViewport(this.view, this.image));
  }

  /** Centres the view on an image position; asked before the view has a size (a link at start), it is applied at
   * the first layout instead of the fitted view. */
  centreOn(imageX: number, imageY: number, animate = true): void {
    this.movedByUser = true;
    if (!this.initialised) { this.pendingCentre = { x: imageX, y: imageY }; return; }
    const target = () => centreOn(this.anim?.to ?? this.viewport, imageX, imageY, this.view, this.image);
    if (animate) this.animateTo(target);
    else this.set(target());
  }

  onFrame(fn: FrameListener): () => void {
    this.frameListeners.add(fn);
    return () => this.frameListeners.delete(fn);
  }

  /** Called right after each stage draw (benchmarks stamp painted frames here). */
  onPainted(fn: Listener): () => void {
    this.paintedListeners.add(fn);
    return () => this.paintedListeners.delete(fn);
  }

  onSettle(fn: Listener): () => void {
    this.settleListeners.add(fn);
    return () => this.settleListeners.delete(fn);
  }

  /**
   * Repaint one layer (or all) without a viewport change (data changed); waits for the view to rest. `keepPrepared`:
   * what the layer prepared still holds (LayerPainter.invalidate).
   */
  redraw(layer?: Konva.Layer, keepPrepared = false): void {
    if (this.stage) this.painter.invalidate(this.stage, layer, keepPrepared);
    this.schedule();
  }

  /** Whether the view is moving (a gesture or an animation less than SETTLE_MS ago). */
  get isMoving(): boolean {
    return this.moving;
  }

  dispose(): void {
    this.disposed = true;
    cancelAnimationFrame(this.raf);
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.frameListeners.clear();
    this.settleListeners.clear();
    this.paintedListeners.clear();
    this.stage = null;
    this.lastPainted = null;
    this.moving = false;
  }

  private animateTo(target: () => Viewport): void {
    this.anim = null; // `target` reads the current viewport, not the end of an animation this one replaces
    this.anim = { from: { ...this.viewport }, to: target(), start: performance.now(), target };
    this.schedule();
  }

  private schedule(): void {
    if (this.raf || this.disposed) return; // a redraw after dispose (a late tile) must not start frames or timers
    this.raf = requestAnimationFrame(this.paint);
  }

  private paint = (now: number): void => {
    this.raf = 0;
    if (this.anim) {
      const t = Math.min(1, (now - this.anim.start) / ANIMATION_MS);
      const e = t * (2 - t);
      const { from, to } = this.anim;
      this.viewport = { scale: from.scale + (to.scale - from.scale) * e, x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e };
      if (t < 1) this.schedule();
      else { this.viewport = to; this.anim = null; }
    }
    const stage = this.stage;
    const v = this.viewport;
    const last = this.lastPainted;
    const moved = !last || last.scale !== v.scale || last.x !== v.x || last.y !== v.y;
    if (stage) {
      if (moved && last) this.moving = true; // the first paint draws at once
      this.lastPainted = v;
      stage.scale({ x: v.scale, y: v.scale });
      stage.position({ x: v.x, y: v.y });
      for (const fn of this.frameListeners) fn(v, moved);
      if (this.moving) this.painter.transform(stage, v);
      else if (this.painter.drawStale(stage, v)) this.schedule();
      for (const fn of this.paintedListeners) fn(v);
    }
    if (!moved && stage) return; // a data-only redraw does not restart the settle timer
    this.startSettleTimer(Math.max(SETTLE_MS, this.holdUntil - performance.now()));
  };

  private startSettleTimer(ms: number): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      const held = this.holdUntil - performance.now();
      if (held > 1) { this.startSettleTimer(held); return; } // a notch came in meanwhile without moving the view (at a bound)
      this.moving = false;
      for (const fn of this.settleListeners) fn(this.viewport);
      this.schedule();
    }, ms);
  }
}
