// The point a form edits: its details fetched fresh when the form opens (the current version, not a cached
// one), else the cached details when the server cannot be reached. Offline, or with a change of it waiting in the
// outbox, the device's version at once. 'missing' when the point no longer exists.
import { useEffect, useState } from 'react';
import type { Point } from '../../core/types';
import { loadPointDetails, pointDetails } from '../../state/pointDetails';
import { localPointToEdit } from '../../state/offline/pointsPort';

export type EditedPoint = { status: 'none' } | { status: 'loading' } | { status: 'ready'; point: Point } | { status: 'missing' };

export function useEditedPoint(id: string | null): EditedPoint {
  const [state, setState] = useState<{ id: string | null; value: EditedPoint }>({ id: null, value: { status: 'none' } });
  useEffect(() => {
    if (!id) { setState({ id: null, value: { status: 'none' } }); return; }
    let alive = true;
    const local = localPointToEdit(id);
    if (local !== undefined) { setState({ id, value: local ? { status: 'ready', point: local } : { status: 'missing' } }); return; }
    setState({ id, value: { status: 'loading' } });
    loadPointDetails(id)
      .then((p) => { if (alive) setState({ id, value: p ? { status: 'ready', point: p } : { status: 'missing' } }); })
      .catch((e) => {
        console.warn('Signalement : lecture impossible, version locale utilisée', e);
        const cached = pointDetails(id);
        if (alive) setState({ id, value: cached ? { status: 'ready', point: cached } : { status: 'missing' } });
      });
    return () => { alive = false; };
  }, [id]);
  if (!id) return { status: 'none' };
  return state.id === id ? state.value : { status: 'loading' };
}
