// What a photo's EXIF says, read before the photo is shrunk (a re-encoded photo has none): when it was taken, where
// (GNSS) and how it is turned (docs/product.md#photos). exifr reads the file's first segments only.
import exifr from 'exifr';

export interface PhotoMeta {
  /** Capture time (ISO), from DateTimeOriginal (or CreateDate) read in the device's time zone; null when absent. */
  takenAt: string | null;
  /** GNSS position of the capture (WGS 84 degrees); null when absent or out of range. */
  lat: number | null;
  lon: number | null;
  /** EXIF orientation 1–8 (1: upright, also when absent). */
  orientation: number;
}

const NONE: PhotoMeta = { takenAt: null, lat: null, lon: null, orientation: 1 };

const validDate = (d: unknown): d is Date => d instanceof Date && !Number.isNaN(d.getTime());
const inRange = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= max;

/** Reads the photo's capture time, GNSS position and orientation; a file without EXIF (or unreadable) gives none. */
export async function readPhotoMeta(bytes: ArrayBuffer | Uint8Array): Promise<PhotoMeta> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(bytes, { tiff: true, exif: true, gps: true, xmp: false, icc: false, iptc: false, jfif: false, ihdr: false, translateValues: false });
  } catch {
    return NONE;
  }
  if (!tags) return NONE;
  const taken = [tags.DateTimeOriginal, tags.CreateDate].find(validDate);
  const lat = tags.latitude, lon = tags.longitude;
  const hasFix = inRange(lat, 90) && inRange(lon, 180) && !(lat === 0 && lon === 0);
  const o = Number(tags.Orientation);
  return {
    takenAt: taken ? taken.toISOString() : null,
    lat: hasFix ? lat : null,
    lon: hasFix ? lon : null,
    orientation: Number.isInteger(o) && o >= 1 && o <= 8 ? o : 1,
  };
}

/** True when the orientation swaps width and height (5–8: turned a quarter). */
export const orientationSwapsSides = (orientation: number): boolean => orientation >= 5 && orientation <= 8;
