// The photo cell of a report row: the anomaly's first photos as thumbnails (never the full images), one filling the
// cell or up to four in a 2 × 2 grid of the same size, so that a row keeps its height on screen and on paper.
import type { ListedPhoto } from '../../core/photos/listed';
import { REPORT_TEXT } from './strings';

export function ReportPhotos({ photos, name }: { photos: readonly ListedPhoto[]; name: string }) {
  if (!photos.length) return <>{REPORT_TEXT.none}</>;
  const many = photos.length > 1;
  return (
    <div className={many ? 'report-photos report-photos-grid' : 'report-photos'}>
      {photos.map((p, k) => (
        <img key={`${k}:${p.thumb}`} src={p.thumb} alt={many ? REPORT_TEXT.photoAltN(k + 1, name) : `${REPORT_TEXT.colPhoto} : ${name}`}
          loading="lazy" decoding="async" width={many ? 46 : 96} height={many ? 34 : 72}
          onError={(e) => { e.currentTarget.style.visibility = 'hidden'; }} />
      ))}
    </div>
  );
}
