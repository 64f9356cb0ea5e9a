// The agent's position on the line image (docs/product.md#position): a dot at the located PK on its track's band,
// with the uncertainty drawn as a PK range, following pans and zooms.
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { positionMarkAtom } from '../state/position/atoms';
import type { ViewportController } from './viewportController';

export function PositionDot({ controller }: { controller: ViewportController }) {
  const mark = useAtomValue(positionMarkAtom);
  const dot = useRef<HTMLDivElement>(null);
  const range = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!mark) return;
    const place = () => {
      const v = controller.viewport;
      const x = mark.x * v.scale + v.x, y = mark.y * v.scale + v.y;
      if (dot.current) dot.current.style.transform = `translate(${Math.round(x)}px, ${Math.round(y)}px)`;
      if (range.current) {
        const left = mark.xMin * v.scale + v.x;
        range.current.style.transform = `translate(${Math.round(left)}px, ${Math.round(y)}px)`;
        range.current.style.width = `${Math.max(2, Math.round((mark.xMax - mark.xMin) * v.scale))}px`;
      }
    };
    place();
    return controller.onFrame(place);
  }, [mark, controller]);
  if (!mark) return null;
  return (
    <>
      <div ref={range} className="position-range" aria-hidden="true" />
      <div ref={dot} className="position-dot" data-testid="position-dot" data-x={Math.round(mark.x)} data-y={Math.round(mark.y)} role="img" aria-label={`Votre position : ${mark.label}`} />
    </>
  );
}
