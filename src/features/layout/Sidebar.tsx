// Sidebar (docs/product.md#sidebar): tabs Tout / Par zone / Par équipe and status chips; a drawer on phones and tablets,
// a side panel (open by default) on desktop.
import { useEffect, useRef } from 'react';
import { useAtom } from 'jotai';
import { X } from 'lucide-react';
import { IconButton, TabsContent, TabsList, TabsRoot, TabsTrigger } from '../../ui';
import { useDeviceClass } from '../../ui/useDeviceClass';
import { sidebarTabAtom, type SidebarTab } from '../../state/filters';
import { sidebarOpenAtom } from '../../state/panels';
import { StatusChips } from './StatusChips';
import { AllPointsPanel } from './AllPointsPanel';
import { ZonesPanel } from './ZonesPanel';
import { TeamsPanel } from './TeamsPanel';
import { SIDEBAR_TEXT as T } from './strings';
import { SearchBox } from '../findShare/SearchBox';
import { LinePicker } from './LinePicker';
import { ExportButton } from '../findShare/ExportDialog';
import { ListPointsProvider } from './ListPoints';
import { useAfterFirstPaint } from './useAfterFirstPaint';
import { AccessibilityLink } from '../accessibility/AccessibilityLink';

export function Sidebar() {
  const [open, setOpen] = useAtom(sidebarOpenAtom);
  const [tab, setTab] = useAtom(sidebarTabAtom);
  const device = useDeviceClass();
  const drawer = device !== 'desktop';
  const later = useAfterFirstPaint();

  // Expanded by default on desktop, collapsed otherwise (docs/product.md#sidebar); follows a change of device class.
  useEffect(() => { setOpen(device === 'desktop'); }, [device, setOpen]);
  useEffect(() => {
    if (!drawer || !open) return;
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer, open, setOpen]);

  // The drawer takes the focus when it opens (keyboard and screen-reader users land in it).
  const asideRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (drawer && open) asideRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  }, [drawer, open]);

  const onPicked = drawer ? () => setOpen(false) : undefined;

  return (
    <>
      {drawer && open && <div className="drawer-backdrop" onClick={() => setOpen(false)} aria-hidden="true" />}
      <aside ref={asideRef} className={`sidebar ${drawer ? 'sidebar-drawer' : 'sidebar-panel'} ${open ? 'sidebar-open' : 'sidebar-closed'}`}
        aria-label={T.title} aria-hidden={!open || undefined} inert={!open || undefined}
        {...(drawer ? { role: 'dialog', 'aria-modal': open || undefined } : {})}>
        <TabsRoot value={tab} onValueChange={(v) => setTab(v as SidebarTab)} className="sidebar-tabs">
          <div className="sidebar-head">
            <TabsList aria-label={T.title}>
              <TabsTrigger value="tout">{T.tabAll}</TabsTrigger>
              <TabsTrigger value="zone">{T.tabZone}</TabsTrigger>
              <TabsTrigger value="equipe">{T.tabTeam}</TabsTrigger>
            </TabsList>
            {drawer && <IconButton label={T.close} icon={<X size={20} aria-hidden="true" />} onClick={() => setOpen(false)} />}
          </div>
          {drawer && <LinePicker className="drawer-line-picker" onPicked={onPicked} />}
          {drawer && <SearchBox className="drawer-search" onPicked={onPicked} />}
          <ListPointsProvider>
            <StatusChips />
            <div className="sidebar-tools"><AccessibilityLink className="sidebar-a11y-link" /><ExportButton /></div>
            {/* The lists after the first paint: a closed drawer on a phone, beside the map on a desktop. */}
            <TabsContent value="tout" className="sidebar-content">{later && tab === 'tout' && <AllPointsPanel onPicked={onPicked} />}</TabsContent>
            <TabsContent value="zone" className="sidebar-content">{later && tab === 'zone' && <ZonesPanel onPicked={onPicked} />}</TabsContent>
            <TabsContent value="equipe" className="sidebar-content">{later && tab === 'equipe' && <TeamsPanel onPicked={onPicked} />}</TabsContent>
          </ListPointsProvider>
        </TabsRoot>
      </aside>
    </>
  );
}
