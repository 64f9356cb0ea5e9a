// Nearby anomalies while placing a new point: unresolved points already recorded within 0,05 km of its
// PK on the same track (nearby_points in the database), newest first, each openable. Informative only: never
// blocks saving.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { criticalityLevelsAtom } from '../../state/tables';
import { offlineAtom } from '../../state/offline/atoms';
import { nearbyPoints, openPoint, type PointHit } from '../../state/search';
import { STATUS_LABELS } from '../../core/constants';
import { formatDateFr, formatKm } from '../../core/format';
import { UNKNOWN_SEVERITY_COLOR } from '../../core/severity';
import type { ImagePoint } from '../../core/types';
import { FIND_TEXT as T } from './strings';

const DEBOUNCE_MS = 300;

export function NearbyAnomalies({ km, position }: { km: number | null; position: ImagePoint | null }) {
  const [hits, setHits] = useState<PointHit[]>([]);
  const offline = useAtomValue(offlineAtom);
  const levels = useAtomValue(criticalityLevelsAtom);
  const levelById = useMemo(() => new Map(levels.map((l) => [l.id, l])), [levels]);
  const x = position?.x ?? null;
  const y = position?.y ?? null;
  useEffect(() => {
    if (offline || km === null || x === null || y === null) { setHits([]); return; }
    const ctrl = new AbortController();
    const t = setTimeout(() => {
      nearbyPoints(km, x, y, null, ctrl.signal).then(
        (h) => { if (!ctrl.signal.aborted) setHits(h); },
        (e) => { if (!ctrl.signal.aborted) { console.warn('Signalements proches indisponibles', e); setHits([]); } },
      );
    }, DEBOUNCE_MS);
    return () => { clearTimeout(t); ctrl.abort(); };
  }, [km, x, y, offline]);
  if (offline && km !== null) return <p className="nearby-hint muted" role="status">{T.nearbyOffline}</p>;
  if (hits.length === 0) return null;
  return (
    <section className="nearby-anomalies" aria-labelledby="nearby-title" role="status">
      <h3 id="nearby-title" className="nearby-title">{T.nearbyTitle}</h3>
      <p className="nearby-hint">{T.nearbyHint}</p>
      <ul className="nearby-list">
        {hits.map((h) => {
          const level = levelById.get(h.criticality);
          return (
            <li key={h.id}>
              <button type="button" className="nearby-item" onClick={() => void openPoint(h.id)}>
                <span className="sr-only">{T.nearbyOpen} </span>
                <span className="crit-dot" style={{ background: level?.color ?? UNKNOWN_SEVERITY_COLOR }} aria-hidden="true" />
                <span className="nearby-name">{h.name}</span>
                <span className="nearby-meta">
                  {h.kmValue !== null && <span>PK {formatKm(h.kmValue)}</span>}
                  <span className={`badge status-badge status-${h.status}`}>{STATUS_LABELS[h.status] ?? h.status}</span>
                  <span>{level?.name ?? h.criticality}</span>
                  <span>{formatDateFr(h.createdAt)}</span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
