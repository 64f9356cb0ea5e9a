// A short highlight of the ruler after a jump to a PK: a band at the PK's x across the map with the PK
// label at the ruler, following pans and zooms, fading out after a few seconds.
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { pkHighlightAtom } from '../state/search';
import { formatPk } from '../core/pkQuery';
import type { ViewportController } from './viewportController';

const SHOW_MS = 2600;

export function PkHighlight({ controller }: { controller: ViewportController }) {
  const hl = useAtomValue(pkHighlightAtom);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!hl || !el) return;
    const place = () => { const v = controller.viewport; el.style.transform = `translateX(${Math.round(hl.x * v.scale + v.x)}px)`; };
    place();
    const off = controller.onFrame(place);
    el.classList.remove('pk-highlight-run');
    void el.offsetWidth; // restart the animation
    el.classList.add('pk-highlight-run');
    const t = setTimeout(() => el.classList.remove('pk-highlight-run'), SHOW_MS);
    return () => { off(); clearTimeout(t); };
  }, [hl, controller]);
  if (!hl) return null;
  return (
    <div ref={ref} className="pk-highlight" data-testid="pk-highlight" aria-hidden="true">
      <span className="pk-highlight-label">PK {formatPk(hl.km)}</span>
    </div>
  );
}
