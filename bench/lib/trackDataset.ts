// Seeded "track" datasets: points scattered along a wavy double railway line on a wide image (image px).
// Shared by every benchmark and by tests that need realistic densities.
import { gaussian, mulberry32, randInt } from './prng';

export interface TrackDatasetOptions {
  width?: number; // image px, default 30000
  height?: number; // image px, default 2000
  trackGap?: number; // image px between the two tracks, default 80
  spread?: number; // image px, standard deviation across a track, default 6
  hotspotShare?: number; // share of points gathered in hotspots, default 0.3
  hotspots?: number; // number of hotspots, default 60
  severityLevels?: number; // severity ranks 1..severityLevels, default 2 (attention, danger)
}

export interface TrackDataset {
  xs: Float64Array; // image px
  ys: Float64Array; // image px
  severity: Uint8Array; // rank, 1 = least critical
  width: number;
  height: number;
}

/** Centre line of the track at image x: a slow wave plus a shorter one, within the image height. */
export function trackCentreY(x: number, width: number, height: number): number {
  const a = height * 0.25;
  return height / 2 + a * Math.sin((2 * Math.PI * x) / (width / 3)) + a * 0.3 * Math.sin((2 * Math.PI * x) / (width / 17));
}

/** `n` seeded points along a wavy double line; deterministic for a given (n, seed, options). */
export function trackDataset(n: number, seed: number, options: TrackDatasetOptions = {}): TrackDataset {
  const width = options.width ?? 30000;
  const height = options.height ?? 2000;
  const gap = options.trackGap ?? 80;
  const spread = options.spread ?? 6;
  const hotspotShare = options.hotspotShare ?? 0.3;
  const levels = Math.max(1, Math.min(255, options.severityLevels ?? 2));
  const rng = mulberry32(seed);
  const hotspotXs = Array.from({ length: Math.max(1, options.hotspots ?? 60) }, () => rng() * width);
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const severity = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    let x = rng() < hotspotShare ? hotspotXs[randInt(rng, hotspotXs.length)] + gaussian(rng) * 40 : rng() * width;
    x = Math.min(width, Math.max(0, x));
    const track = rng() < 0.5 ? -0.5 : 0.5;
    const y = trackCentreY(x, width, height) + track * gap + gaussian(rng) * spread;
    xs[i] = x;
    ys[i] = Math.min(height, Math.max(0, y));
    // Skewed towards the least critical rank: rank k has weight 1/k.
    severity[i] = levels === 1 ? 1 : pickRank(rng(), levels);
  }
  return { xs, ys, severity, width, height };
}

function pickRank(u: number, levels: number): number {
  let total = 0;
  for (let k = 1; k <= levels; k++) total += 1 / k;
  let acc = 0;
  for (let k = 1; k <= levels; k++) {
    acc += 1 / k / total;
    if (u < acc) return k;
  }
  return levels;
}
