// Applies links on the main screen: the link the app was opened with (after sign-in if needed), and
// Back / Forward: leaving a '?point=' entry closes the form it opened, coming back reopens it; closing the form in
// the app leaves the entry. Renders nothing.
import { useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { pointFormAtom, selectionAtom } from '../../state/selection';
import { applyStartupLink, leaveLinkEntry, linkOfAddress } from '../../state/links';
import { openPoint } from '../../state/search';
import { toast } from '../../ui/toast';

export function LinkRouter() {
  const store = useStore();
  const form = useAtomValue(pointFormAtom);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void applyStartupLink().then((r) => { if (r && !r.ok) toast(r.message, 'warning', 6000); });
  }, []);

  useEffect(() => {
    const onPop = () => {
      const link = linkOfAddress();
      const cur = store.get(pointFormAtom);
      if (link?.kind === 'point') {
        if (!(cur?.mode === 'edit' && cur.pointId === link.id)) void openPoint(link.id).then((r) => { if (!r.ok) toast(r.message, 'warning'); });
      } else if (cur?.mode === 'edit') {
        store.set(pointFormAtom, null);
        store.set(selectionAtom, null);
      }
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [store]);

  // The form a '?point=' address shows was closed in the app (Annuler, Enregistrer, Escape): leave that entry.
  const prev = useRef(form);
  useEffect(() => {
    const was = prev.current;
    prev.current = form;
    const link = linkOfAddress();
    if (was?.mode === 'edit' && !form && link?.kind === 'point' && link.id === was.pointId) leaveLinkEntry();
  }, [form]);

  return null;
}
