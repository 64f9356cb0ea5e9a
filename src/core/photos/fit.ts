// The size of a photo once shrunk: its longest side at most `maxSide`, proportions kept, never enlarged.
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide || longest <= 0) return { width, height };
  const k = maxSide / longest;
  return { width: Math.max(1, Math.round(width * k)), height: Math.max(1, Math.round(height * k)) };
}

/** The type a photo is stored in once shrunk: WEBP stays WEBP, GIF is kept as it is (animations), the rest JPEG. */
export function shrunkType(type: string): { type: 'image/jpeg' | 'image/webp' | 'image/gif'; ext: 'jpg' | 'webp' | 'gif' } {
  if (type === 'image/webp') return { type: 'image/webp', ext: 'webp' };
  if (type === 'image/gif') return { type: 'image/gif', ext: 'gif' };
  return { type: 'image/jpeg', ext: 'jpg' };
}
