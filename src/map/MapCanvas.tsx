// The map engine's lower-level entry: a react-konva Stage with two non-listening layers (the map: image and zones,
// points and clusters, the ruler over them; the draft, there only while drawing) fed by typed arrays; pan/zoom through
// the ViewportController (layers moved by CSS transforms during a gesture, redrawn once it rests), clusters from the
// worker.
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Layer, Shape, Stage } from 'react-konva';
import Konva from 'konva';
import type { ClusterFrame } from '../core/cluster/types';
import { levelForZoom } from '../core/cluster/levels';
import type { ImagePoint, LineImage, Zone } from '../core/types';
import type { PkMarker } from '../core/pk';
import { ViewportController } from './viewportController';
import { visibleImageRect, screenToImage, type Size, type Viewport } from './viewportMath';
import { ClusterClient, createClusterWorkerClient, type FrameRequest } from './clusterClient';
import type { MapPointArrays } from './pointData';
import { MarkerSprites, type SpriteLevel } from './markerSprites';
import { ClusterSprites } from './clusterSprites';
import { drawPointsFrame, type PointsStyle } from './drawPoints';
import { drawZones } from './drawZones';
import { drawRuler } from './drawRuler';
import { drawDraft } from './drawDraft';
import { drawFrameMarks, type LoosePoint } from './drawMarks';
import { frameMarks, NO_FRAME_MARKS, type FrameMarks, type PointMarks } from '../core/cluster/frameMarks';
import { describeMarks, frameShowsSingle } from './marksDescription';
import { clusterRadiusImagePx } from '../core/cluster/levels';
import { hitAt, type MapHit } from './hitTarget';
import { FrameHitCache } from './frameHitCache';
import { attachWheelZoom } from './wheelZoom';
import { attachDragPan } from './dragPan';
import { attachPinchZoom } from './pinchZoom';
import { attachKeyboardNav } from './keyboardNav';
import { createGestureState } from './gesture';
import { watchSize } from './resizeWatch';
import { ImageCache } from './imageCache';
import { ParkedPool } from '../core/lines/parkedPool';
import { fitHiddenLayers } from './hiddenLayers';
import { SlicedPoints } from './slicedPoints';
import { storedTilesOf, type StoredTiles } from '../core/imageTiles';
import { markLoad } from '../platform/loadMarks';

const NEVER_WAITS = (): boolean => false;
const ALWAYS_READY = (): boolean => true;
const NOTHING = (): void => undefined;
// Layer order on the stage: each layer is a composited canvas at the stage size × dpr, with its own backing and
// compositor buffers, so the image and the points share one.
const MAP = 0, DRAFT = 1;

export const FRAME_MARGIN = 0.75; // fraction of the view queried beyond each edge, so short pans need no new frame
/** ms after the view rests that the map layer, its points prepared, may wait for its image at the new zoom (the last
 * drawing transformed meanwhile), so that it is drawn once. */
const IMAGE_WAIT_MS = 600;
/** Images of lines shown before kept for a switch back (each: its worker, ≤ 16 decoded tiles and a small overview). */
const PARKED_LINE_IMAGES = 2;

// Stage attributes (position and scale, set every frame for tests and tools) never draw by themselves: the
// controller's LayerPainter decides when a layer is drawn. The app has no other Konva stage.
Konva.autoDrawEnabled = false;

const devicePixelRatio = () => (typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);

export interface MapEngineApi {
  controller: ViewportController;
  hitAt(screenX: number, screenY: number): MapHit | null;
  leaves(clusterId: number): Promise<number[]>;
  frame(): ClusterFrame | null;
  /** Resolves when the points have been indexed by the worker. */
  loaded(): Promise<unknown>;
  stage(): Konva.Stage | null;
  /** Repaint only the draft layer (rubber band under the pointer). */
  redrawDraft(): void;
  /** Something drawn under the ruler, in its layer (the density strip), or null; redraws the points+ruler layer. */
  setUnderRuler(draw: UnderRuler | null): void;
  /** A tap on screen (x, y) an overlay handles itself (the density strip's cells), so the mode's tool never gets it. */
  setTapClaim(claims: ((x: number, y: number) => boolean) | null): void;
}

/** What the map marks (docs/product.md#map-marks): the selected and late points, and the opened point (drawn by itself
 * when it lies inside a cluster). `slotOf[mapIndex]`: the point slot of a map index (the marks are by slot). */
export interface MapMarks {
  points: PointMarks;
  slotOf: ArrayLike<number>;
  focus: { mapIndex: number; x: number; y: number; rank: number } | null;
}

/** Draws in the ruler's layer (over the points) before the ruler (screen px, the layer's pixel ratio already applied). */
export type UnderRuler = (ctx: CanvasRenderingContext2D, v: Viewport, view: Size, image: Size) => void;

export interface MapCanvasProps {
  image: LineImage;
  points: MapPointArrays | null;
  /** Severity rank → sprite colour and icon (rank 0 = unknown level). */
  levels: readonly SpriteLevel[];
  zones?: readonly Zone[];
  markers?: readonly PkMarker[];
  selectedPointIndex?: number;
  marks?: MapMarks | null;
  selectedZoneId?: string | null;
  draft?: readonly ImagePoint[] | null;
  ariaLabel: string;
  /** Longer text alternative (keyboard help), referenced by aria-describedby. */
  ariaDescription?: string;
  createClient?: () => ClusterClient;
  /** The line `points` belong to: the cluster worker keeps the last lines' trees (a switch back reuses one). */
  clusterLine?: string | null;
  onTap?: (e: { image: ImagePoint; hit: MapHit | null }) => void;
  onHover?: (image: ImagePoint) => void;
  onReady?: (api: MapEngineApi) => void;
  children?: ReactNode;
  className?: string;
}

const noZones: readonly Zone[] = [];
const noMarkers: readonly PkMarker[] = [];

export function MapCanvas(props: MapCanvasProps) {
  const { image, points, levels, ariaLabel } = props;
  const zones = props.zones ?? noZones;
  const markers = props.markers ?? noMarkers;
  const containerRef = useRef<HTMLDivElement>(null);
  const descriptionId = useId();
  const stageRef = useRef<Konva.Stage>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  const ctl = useMemo(() => new ViewportController(), []);
  const imageSize = useMemo(() => ({ width: image.width, height: image.height }), [image.width, image.height]);
  const tilesJson = JSON.stringify(storedTilesOf(image));
  const tiles = useMemo(() => JSON.parse(tilesJson) as StoredTiles | null, [tilesJson]);

  // Everything the scene functions read lives in one mutable ref: no React render per frame.
  const live = useRef({
    frame: null as ClusterFrame | null,
    frameReq: null as FrameRequest | null,
    hits: null as FrameHitCache | null,
    /** The frame indexes an older set of points (a reload is under way): drawn, but not hit-tested. */
    frameStale: false,
    frameResolved: null as Uint8Array | null,
    zones, markers, points, draft: props.draft ?? null, pointer: null as ImagePoint | null,
    selectedPointIndex: props.selectedPointIndex ?? -1, selectedZoneId: props.selectedZoneId ?? null,
    onTap: props.onTap, onHover: props.onHover, underRuler: null as UnderRuler | null,
    tapClaim: null as ((x: number, y: number) => boolean) | null,
    marks: null as MapMarks | null,
    /** The marks laid out on the drawn frame (made again when the frame or the marks change). */
    laidOut: null as { frame: ClusterFrame; marks: MapMarks | null; result: FrameMarks; loose: LoosePoint | null } | null,
  }).current;
  Object.assign(live, {
    zones, markers, points, draft: props.draft ?? null,
    selectedPointIndex: props.selectedPointIndex ?? -1, selectedZoneId: props.selectedZoneId ?? null,
    onTap: props.onTap, onHover: props.onHover, marks: props.marks ?? null,
  });

  // Worker-backed resources are created in effects (React StrictMode mounts twice; a disposed one is never reused).
  // The last lines' images are parked, not destroyed: switching back fetches and decodes none of their tiles again.
  const [imageCache, setImageCache] = useState<ImageCache | null>(null);
  const parkedImages = useMemo(() => new ParkedPool<ImageCache>(PARKED_LINE_IMAGES), []);
  useEffect(() => {
    const key = `${image.url}|${tiles?.base ?? ''}|${imageSize.width}x${imageSize.height}`;
    const cache = parkedImages.take(key) ?? new ImageCache(image.url, tiles, imageSize, () => ctl.redraw(stageRef.current?.getLayers()[MAP], true)); // the points prepared still hold
    setImageCache(cache);
    return () => parkedImages.park(key, cache);
  }, [image.url, tiles, imageSize, ctl, parkedImages]);
  useEffect(() => () => parkedImages.close(), [parkedImages]);
  const sprites = useMemo(() => new MarkerSprites(() => ctl.redraw()), [ctl]);
  sprites.update(levels, typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
  const colorAt = useMemo(() => (rank: number) => levels[rank]?.color ?? '#6b7280', [levels]);
  const clusterSprites = useMemo(() => new ClusterSprites(), []);
  const clusterSprite = useMemo(() => (rank: number, n: number) => clusterSprites.get(rank, n), [clusterSprites]);
  // The points layer: a big frame is drawn in slices (one per animation frame) before the layer shows it.
  const sliced = useMemo(() => new SlicedPoints(), []);
  const pointsStyle = useMemo(() => (p: number): PointsStyle => {
    clusterSprites.configure(colorAt, p);
    return { sprites: sprites.sprites, colorAt, resolved: live.frameResolved, selectedIndex: live.frameStale ? -1 : live.selectedPointIndex, clusterSprite };
  }, [clusterSprites, colorAt, sprites, live, clusterSprite]);


  // Cluster worker: one per engine; each fresh frame replaces the drawn one.
  const [client, setClient] = useState<ClusterClient | null>(null);
  useEffect(() => {
    const c = (props.createClient ?? createClusterWorkerClient)();
    setClient(c);
    return () => c.dispose();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- one worker per mounted engine: createClient is read once
  const loadedRef = useRef<Promise<unknown>>(Promise.resolve());
  const requestFrame = (force: boolean) => {
    if (size.width === 0 || !client) return;
    const v = ctl.viewport;
    const level = levelForZoom(v.scale);
    const need = visibleImageRect(v, ctl.view, 0);
    const have = live.frameReq;
    if (!force && have && have.level === level && have.minX <= need.minX && have.maxX >= need.maxX && have.minY <= need.minY && have.maxY >= need.maxY) return;
    client.request({ level, ...visibleImageRect(v, ctl.view, FRAME_MARGIN) });
  };
  useEffect(() => {
    if (!client) return;
    client.onFrame = (frame, req) => {
      live.frame = frame;
      live.frameReq = req;
      live.hits = null;
      live.frameStale = false;
      live.frameResolved = live.points?.resolved ?? null;
      // For tests and assistive tooling: what the points layer currently shows.
      containerRef.current?.setAttribute('data-frame-items', String(frame.count));
      containerRef.current?.setAttribute('data-frame-level', String(frame.level));
      ctl.redraw(stageRef.current?.getLayers()[MAP]);
      if (frame.count > 0) markLoad('map-frame');
    };
  }, [client, ctl, live]);
  useEffect(() => {
    // Keep showing the previous clusters until the new ones arrive (no blink on a single edit).
    live.frameReq = null;
    live.hits = null;
    live.frameStale = true;
    if (!points || !client) { live.frame = null; ctl.redraw(); return; }
    // The index's columns once per data version, then the filter (React may run this effect twice: the client sends
    // the columns once per key, and any arrays it makes are fresh, transferred).
    loadedRef.current = client.loadPoints(points, image.width, image.height, props.clusterLine ?? undefined);
    requestFrame(true);
  }, [points, image.width, image.height, client]); // eslint-disable-line react-hooks/exhaustive-deps -- reload only when the data or the worker change (requestFrame is a fresh closure each render)

  // Viewport: sizes, stage, frame queries while moving (when leaving the queried box) and once settled.
  useEffect(() => {
    ctl.setSizes(size, { width: image.width, height: image.height });
    ctl.redraw(); // a resized stage has cleared its canvases
  }, [ctl, size, image.width, image.height]);
  useEffect(() => {
    ctl.attachStage(stageRef.current);
    // Konva's own pointer and wheel handling (a hit-graph lookup per event) serves nothing here (the stage does not
    // listen): events go straight to the container's handlers, past Konva's content element (gesture frames).
    if (stageRef.current) stageRef.current.content.style.pointerEvents = 'none';
    // The image is a 1:1 blit of the region the worker pre-scaled for the rested zoom: moving, the map layer is
    // transformed; once rested, its points prepared, it waits (briefly) for the region at the new zoom rather than
    // resampling the image and drawing the points twice.
    const pixelRatio = () => stageRef.current?.getLayers()[MAP]?.getCanvas().getPixelRatio() ?? 1;
    let restedAt = 0;
    ctl.painter.waits = (layer) => layer === stageRef.current?.getLayers()[MAP] && !!imageCache
      && imageCache.awaiting(ctl.viewport, ctl.view, pixelRatio()) && performance.now() - restedAt < IMAGE_WAIT_MS;
    ctl.painter.prepare = (layer, v) => layer !== stageRef.current?.getLayers()[MAP]
      || sliced.step(live.frame, v, ctl.view, pixelRatio(), pointsStyle(pixelRatio()));
    ctl.painter.onInvalidate = (layers) => { if (layers.includes(stageRef.current?.getLayers()[MAP] as Konva.Layer)) sliced.reset(); };
    const offFrame = ctl.onFrame((v, moved) => {
      requestFrame(false);
      if (moved) imageCache?.panning(v, ctl.view, pixelRatio());
    });
    const offSettle = ctl.onSettle((v) => {
      restedAt = performance.now();
      requestFrame(false);
      imageCache?.refresh(v, ctl.view, pixelRatio());
    });
    // Module-level no-ops: a closure made here would keep this render's scope (props, the points) alive with the painter.
    return () => { offFrame(); offSettle(); ctl.painter.waits = NEVER_WAITS; ctl.painter.prepare = ALWAYS_READY; ctl.painter.onInvalidate = NOTHING; ctl.attachStage(null); };
  });
  useEffect(() => () => ctl.dispose(), [ctl]);
  useEffect(() => { // after every render: a layer just hidden gives its pixels back, one just shown is sized and drawn
    const stage = stageRef.current;
    if (stage) for (const layer of fitHiddenLayers(stage)) ctl.redraw(layer);
  });
  useEffect(() => { imageCache?.refresh(ctl.viewport, ctl.view, devicePixelRatio()); }, [imageCache, size]); // eslint-disable-line react-hooks/exhaustive-deps -- rebuild on resize only; the viewport is read at that moment
  useEffect(() => { ctl.redraw(); }, [ctl, zones, markers, props.draft, props.selectedPointIndex, props.selectedZoneId, imageCache, levels]);
  useEffect(() => { ctl.redraw(stageRef.current?.getLayers()[MAP]); }, [ctl, props.marks]);

  // Input handlers, one module each, on the container.
  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    const gesture = createGestureState();
    const tap = (x: number, y: number) => !live.tapClaim?.(x, y) && live.onTap?.({ image: screenToImage(ctl.viewport, x, y), hit: api.hitAt(x, y) });
    const hover = (e: PointerEvent) => {
      if (!live.onHover) return;
      const r = el.getBoundingClientRect();
      const p = screenToImage(ctl.viewport, e.clientX - r.left, e.clientY - r.top);
      live.pointer = p;
      live.onHover(p);
    };
    el.addEventListener('pointermove', hover);
    const offs = [
      watchSize(el, setSize),
      attachDragPan(el, ctl, gesture, tap),
      attachPinchZoom(el, ctl, gesture),
      attachWheelZoom(el, ctl),
      attachKeyboardNav(el, ctl),
    ];
    return () => { el.removeEventListener('pointermove', hover); offs.forEach((off) => off()); };
  }, [ctl, live]); // eslint-disable-line react-hooks/exhaustive-deps -- handlers attach once per controller and read the current state through `live`

  const imageCacheRef = useRef(imageCache);
  imageCacheRef.current = imageCache;
  const api: MapEngineApi = useMemo(() => ({
    controller: ctl,
    hitAt: (sx, sy) => {
      if (live.frame && !live.hits && !live.frameStale) live.hits = new FrameHitCache(live.frame);
      return hitAt(sx, sy, ctl.viewport, live.hits, live.zones);
    },
    leaves: (id) => client?.leaves(id) ?? Promise.resolve([]),
    frame: () => live.frame,
    loaded: () => loadedRef.current,
    stage: () => stageRef.current,
    redrawDraft: () => { const draft = stageRef.current?.getLayers()[DRAFT]; if (draft) ctl.redraw(draft); },
    setUnderRuler: (draw) => { live.underRuler = draw; ctl.redraw(stageRef.current?.getLayers()[MAP]); },
    setTapClaim: (claims) => { live.tapClaim = claims; },
  }), [ctl, client, live]);
  useEffect(() => { props.onReady?.(api); }, [api]); // eslint-disable-line react-hooks/exhaustive-deps -- announce a new engine API, not every render of the parent

  // Scene functions stay the same objects across renders (they read the live state), so a React render of the map
  // does not make react-konva redraw every layer.
  const scenes = useMemo(() => {
    const pr = (shape: Konva.Shape) => shape.getLayer()?.getCanvas().getPixelRatio() ?? 1;
    const native = (c: Konva.Context) => (c as unknown as { _context: CanvasRenderingContext2D })._context;
    type Scene = (c: Konva.Context, shape: Konva.Shape) => void;
    // Ground: the image, the zones over it (any redraw of the map layer blits the image again: one drawImage, 1:1).
    const ground: Scene = (c, shape) => {
      const ctx = native(c); const p = pr(shape);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      imageCacheRef.current?.draw(ctx, ctl.viewport, ctl.view, p);
      if (live.zones.length === 0) return;
      ctx.setTransform(p, 0, 0, p, 0, 0);
      drawZones(ctx, live.zones, ctl.viewport, ctl.view, p, live.selectedZoneId);
    };
    // Points, then the ruler band over them (a ruler-only change redraws the points too, in slices if many).
    const pointsAndRuler: Scene = (c, shape) => {
      const ctx = native(c); const p = pr(shape);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      if (live.frame && !sliced.blit(ctx, live.frame, ctl.viewport)) { // else drawn in slices beforehand
        ctx.setTransform(p, 0, 0, p, 0, 0);
        drawPointsFrame(ctx, live.frame, ctl.viewport, ctl.view, pointsStyle(p));
      }
      if (live.frame && !live.frameStale) {
        ctx.setTransform(p, 0, 0, p, 0, 0);
        const m = layOutMarks();
        drawFrameMarks(ctx, live.frame, m.result, ctl.viewport, ctl.view, (rank) => sprites.sprites[rank] ?? null, m.loose);
      }
      ctx.setTransform(p, 0, 0, p, 0, 0);
      live.underRuler?.(ctx, ctl.viewport, ctl.view, imageSize);
      drawRuler(ctx, live.markers, ctl.viewport, ctl.view, imageSize);
    };
    // The marks on the frame drawn, laid out again only when the frame or the marks change; told to tests and tools.
    const layOutMarks = () => {
      const frame = live.frame!, marks = live.marks;
      const kept = live.laidOut;
      if (kept && kept.frame === frame && kept.marks === marks) return kept;
      let result = NO_FRAME_MARKS, loose: LoosePoint | null = null;
      if (marks) {
        const box = live.frameReq ?? { minX: -Infinity, minY: -Infinity, maxX: Infinity, maxY: Infinity };
        result = frameMarks(frame, marks.slotOf, marks.points, box, clusterRadiusImagePx(frame.level));
        const f = marks.focus;
        if (f && f.mapIndex >= 0 && !frameShowsSingle(frame, f.mapIndex)) loose = { x: f.x, y: f.y, rank: f.rank };
      }
      const laid = { frame, marks, result, loose };
      live.laidOut = laid;
      describeMarks(containerRef.current, result, loose);
      return laid;
    };
    const draftScene: Scene = (c, shape) => {
      if (!live.draft || live.draft.length === 0) return;
      const ctx = native(c); const p = pr(shape);
      ctx.setTransform(p, 0, 0, p, 0, 0);
      drawDraft(ctx, live.draft, live.pointer, ctl.viewport);
    };
    return { ground, pointsAndRuler, draft: draftScene };
  }, [ctl, live, imageSize, sliced, pointsStyle, sprites]);

  // Overlays (children) are siblings of the role="img" surface, so they stay interactive and reachable.
  return (
    <div className={props.className ?? 'map-engine'} style={{ position: 'relative', width: '100%', height: '100%' }}>
    <div
      ref={containerRef}
      className="map-canvas"
      role="img"
      aria-label={ariaLabel}
      aria-describedby={props.ariaDescription ? descriptionId : undefined}
      tabIndex={0}
      data-testid="map-canvas"
      style={{ position: 'absolute', inset: 0, overflow: 'hidden', touchAction: 'none', outline: 'none', background: '#e5e7eb', userSelect: 'none' }}
    >
      {size.width > 0 && (
        <Stage ref={stageRef} width={size.width} height={size.height} listening={false}>
          <Layer listening={false}>
            <Shape listening={false} perfectDrawEnabled={false} sceneFunc={scenes.ground} />
            <Shape listening={false} perfectDrawEnabled={false} sceneFunc={scenes.pointsAndRuler} />
          </Layer>
          {/* Only while a zone is drawn: no third stage-sized canvas is made (then released) when the map mounts. */}
          {!!props.draft && props.draft.length > 0 && <Layer listening={false}><Shape listening={false} perfectDrawEnabled={false} sceneFunc={scenes.draft} /></Layer>}
        </Stage>
      )}
    </div>
    {props.ariaDescription && <span id={descriptionId} hidden>{props.ariaDescription}</span>}
    {props.children}
    </div>
  );
}
