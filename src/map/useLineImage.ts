// Loads the line image as an HTMLImageElement for the image layer (null until decoded).
import { useEffect, useState } from 'react';

export function useLineImage(url: string): HTMLImageElement | null {
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    let alive = true;
    const el = new Image();
    el.decoding = 'async';
    el.onload = () => { if (alive) setImg(el); };
    el.onerror = () => console.error(`line image failed to load: ${url}`);
    el.src = url;
    return () => { alive = false; };
  }, [url]);
  return img;
}
