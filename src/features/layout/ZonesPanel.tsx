// 'Par zone' tab: zones (name, colour, whole PK range, track, count) and, once one is chosen, its points. An admin's
// rows put the edit and delete buttons on a line of their own, so that the PK range is never cut.
import { useEffect, useMemo, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import type { Zone } from '../../core/types';
import { statusFilterAtom } from '../../state/filters';
import { isAdminAtom } from '../../state/session';
import { centerRequestAtom, deleteRequestAtom, selectionAtom, zoneFormAtom } from '../../state/selection';
import { requestMode } from '../../state/modeActions';
import { zoneRows } from '../../core/sidebarLists';
import { polygonCentroid } from '../../core/geometry';
import { formatCount, formatKm } from '../../core/format';
import { Button, IconButton, TrackBadge, VirtualList } from '../../ui';
import { PointList } from '../points/PointList';
import { useGroupSlots, useZoneGrouping } from './useSidebarData';
import { useListPoints } from './ListPoints';
import { SIDEBAR_TEXT as T } from './strings';
import { useEmptyListText } from './useEmptyListText';
import { sidebarGroupAtom } from '../../state/sidebarGroup';

export const ZONE_ROW_HEIGHT = 60; // px
export const ZONE_ROW_HEIGHT_ADMIN = 96; // px: the text, then a line of buttons

export function ZonesPanel({ onPicked }: { onPicked?: () => void }) {
  const empty = useEmptyListText();
  const list = useListPoints(); // the zones the counts are of (a line switch: they follow with the points)
  const { zones } = list;
  const filter = useAtomValue(statusFilterAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const grouping = useZoneGrouping();
  const rows = useMemo(() => zoneRows(zones, grouping, filter), [zones, grouping, filter]);
  const [openId, setOpenId] = useState<string | null>(null);
  const setGroup = useSetAtom(sidebarGroupAtom);
  useEffect(() => { setGroup(openId ? { kind: 'zone', id: openId } : null); return () => setGroup(null); }, [openId, setGroup]); // 'Exporter' starts from it
  const setSelection = useSetAtom(selectionAtom);
  const setCenter = useSetAtom(centerRequestAtom);
  const setZoneForm = useSetAtom(zoneFormAtom);
  const setDelete = useSetAtom(deleteRequestAtom);

  const open = zones.find((z) => z.id === openId) ?? null;
  const openPoints = useGroupSlots(grouping, open?.id ?? null, filter);

  const pick = (z: Zone) => {
    setOpenId(z.id);
    setSelection({ kind: 'zone', id: z.id });
    const c = polygonCentroid(z.points);
    if (c) setCenter({ x: c.x, y: c.y, nonce: Date.now() });
  };
  const edit = (z: Zone) => { requestMode('view'); setSelection({ kind: 'zone', id: z.id }); setZoneForm({ mode: 'edit', zoneId: z.id }); };

  if (list.stale) return <div className="group-list" aria-busy="true" />; // the line left's zones are not drawn
  if (open) {
    return (
      <div className="group-detail">
        <div className="group-detail-head">
          <Button size="sm" variant="ghost" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={() => setOpenId(null)}>{T.backToZones}</Button>
          <span className="zone-swatch" style={{ background: open.color }} aria-hidden="true" />
          <strong className="group-detail-name">{open.name}</strong>
          <TrackBadge track={open.track} />
        </div>
        {openPoints.length ? <PointList slots={openPoints} ariaLabel={`${T.zones} : ${open.name}`} onPicked={onPicked} /> : <p className="empty-text">{empty}</p>}
      </div>
    );
  }

  if (rows.length === 0) return <p className="empty-text">{T.noZones}</p>;
  return (
    <div className="group-list">
      <VirtualList
        items={rows} rowHeight={isAdmin ? ZONE_ROW_HEIGHT_ADMIN : ZONE_ROW_HEIGHT} ariaLabel={T.zones} getKey={(r) => r.zone.id}
        renderRow={({ zone, count }) => (
          <div className={`list-row zone-row ${isAdmin ? 'zone-row-admin' : ''}`}>
            <button type="button" className="list-row-main" onClick={() => pick(zone)}>
              <span className="zone-swatch" style={{ background: zone.color }} aria-hidden="true" />
              <span className="list-row-text">
                <span className="list-row-title" title={zone.name}>{zone.name}</span>
                <span className="list-row-meta">
                  {zone.kmStart !== null && zone.kmEnd !== null && <span className="zone-row-pk">PK {formatKm(zone.kmStart)} – {formatKm(zone.kmEnd)}</span>}
                  <TrackBadge track={zone.track} showNone />
                </span>
              </span>
              <span className="badge count-badge" aria-label={T.count(count)} title={T.count(count)}>{formatCount(count)}</span>
            </button>
            {isAdmin && (
              <div className="zone-row-foot">
                <IconButton size="sm" label={T.editZone(zone.name)} icon={<Pencil size={16} aria-hidden="true" />} onClick={() => edit(zone)} />
                <IconButton size="sm" className="btn-danger-ghost row-delete" label={T.deleteZone(zone.name)} icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={() => setDelete({ kind: 'zone', id: zone.id, name: zone.name })} />
              </div>
            )}
          </div>
        )}
      />
      <p className="prompt-text">{T.selectZone}</p>
    </div>
  );
}
