// Zones tab ('Gestion des zones'): list with colour, track badge and PK range; edit and delete. Zones are drawn on the map.
import { useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Pencil, Trash2 } from 'lucide-react';
import { ConfirmDialog, IconButton, TrackBadge, toast } from '../../ui';
import type { Zone } from '../../core/types';
import { formatKm } from '../../core/format';
import { zonesAtom } from '../../state/tables';
import { loadZones, updateZone } from '../../state/adminActions';
import { deleteZone } from '../../state/actions';
import { A } from './strings';
import { useLoad } from './useLoad';
import { LoadState } from './LoadState';
import { ZoneEditDialog } from './ZoneEditDialog';
import { LineOfTab } from './LineOfTab';

/** Zones by kmStart (unknown PK last), then name. */
function sortZones(zones: Zone[]): Zone[] {
  return [...zones].sort((a, b) => (a.kmStart ?? Infinity) - (b.kmStart ?? Infinity) || a.name.localeCompare(b.name, 'fr'));
}

export function ZonesTab() {
  const zones = useAtomValue(zonesAtom);
  const { status, reload } = useLoad(loadZones);
  const [editing, setEditing] = useState<Zone | null>(null);
  const [deleting, setDeleting] = useState<Zone | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const sorted = useMemo(() => sortZones(zones), [zones]);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    const r = await deleteZone(deleting.id);
    setDeleteBusy(false);
    if (r.ok) { toast(A.zones.deleted, 'success'); setDeleting(null); }
    else setDeleteError(r.message);
  };

  return (
    <div className="admin-tab zones-tab">
      <div className="admin-toolbar"><h3 className="admin-heading">{A.zones.heading}</h3></div>
      <LineOfTab />
      {status !== 'ready' ? <LoadState status={status} error={A.zones.loadError} onRetry={reload} /> : sorted.length === 0 ? (
        <div className="admin-empty"><p className="admin-empty-title">{A.zones.empty}</p><p>{A.zones.emptyHint}</p></div>
      ) : (
        <ul className="admin-list" aria-label={A.zones.heading}>
          {sorted.map((z) => (
            <li key={z.id} className="admin-row zone-row" data-zone={z.name}>
              <span className="color-dot" style={{ background: z.color }} aria-hidden="true" />
              <span className="admin-row-main">
                <span className="admin-row-title">{z.name}</span>
                <span className="admin-row-meta">
                  <TrackBadge track={z.track} showNone />
                  <span className="pk-range">{A.zones.pk(formatKm(z.kmStart), formatKm(z.kmEnd))}</span>
                </span>
              </span>
              <span className="admin-row-actions">
                <IconButton label={`${A.edit} ${z.name}`} icon={<Pencil size={16} />} onClick={() => setEditing(z)} />
                <IconButton label={`${A.delete} ${z.name}`} icon={<Trash2 size={16} />} onClick={() => { setDeleteError(null); setDeleting(z); }} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <ZoneEditDialog
          zone={editing}
          onSave={async (v) => { await updateZone({ zone: editing, ...v }); toast(A.zones.saved, 'success'); }}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={!!deleting} name={deleting ? `« ${deleting.name} »` : ''} what={A.zones.deleteWhat}
        busy={deleteBusy} error={deleteError} onConfirm={confirmDelete} onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
