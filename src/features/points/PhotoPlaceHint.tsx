// Under the point form's photos (docs/product.md#photos): where the last photo with a GNSS position was taken, on the
// line shown, offered as the point's PK ('La photo a été prise au PK 17,42 (Voie 1) — utiliser cette position ?'),
// with a warning when it lies more than 200 m from the PK typed.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button } from '../../ui';
import { photoPlace } from '../../core/photos/photoPlace';
import { lineIndexesAtom } from '../../state/position/atoms';
import { activeLineAtom } from '../../state/tables';
import type { FormPhoto } from './PhotoGalleryField';
import { POINT_TEXT as T } from './strings';

export function PhotoPlaceHint({ photos, pointKm, onUse }: { photos: FormPhoto[]; pointKm: number | null; onUse: (pk: number) => void }) {
  const lines = useAtomValue(lineIndexesAtom);
  const lineId = useAtomValue(activeLineAtom)?.id ?? null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const last = [...photos].reverse().find((p) => p.lat !== null && p.lon !== null);
  if (!last || last.path === dismissed) return null;
  const place = photoPlace(lines, lineId, last, pointKm);
  if (!place) return null;
  const same = pointKm !== null && Math.abs(pointKm - place.pk) < 0.005;
  return (
    <div className="photo-place" role="status" data-testid="photo-place">
      {!same && <p>{place.question}</p>}
      {place.warning && <p className="field-error">{place.warning}</p>}
      {!same && (
        <div className="photo-actions">
          <Button size="sm" onClick={() => setDismissed(last.path)}>{T.photoPlaceIgnore}</Button>
          <Button size="sm" variant="primary" onClick={() => onUse(place.pk)}>{T.photoPlaceUse}</Button>
        </div>
      )}
    </div>
  );
}
