// The administration panel (docs/product.md#administration): a modal with six tabs plus the Journal, rendered only for admins.
// Each tab mounts (and loads its data) when selected; the database refuses admin writes to others anyway.
import { useState } from 'react';
import { useAtom, useAtomValue } from 'jotai';
import { Dialog, Tabs } from '../../ui';
import { adminPanelOpenAtom } from '../../state/panels';
import { isAdminAtom } from '../../state/session';
import { A } from './strings';
import { UsersTab } from './UsersTab';
import { TeamsTab } from './TeamsTab';
import { ZonesTab } from './ZonesTab';
import { CriticalityTab } from './CriticalityTab';
import { SettingsTab } from './SettingsTab';
import { LineTab } from './LineTab';
import { LinesTab } from './LinesTab';
import { LINES_TEXT } from './linesStrings';
import { JournalTab } from './JournalTab';
import { J } from './journalStrings';
import './admin.css';
import { OnlineOnlyNotice } from '../offline/OnlineOnlyNotice';

export type AdminTab = 'users' | 'teams' | 'zones' | 'levels' | 'settings' | 'lines' | 'line' | 'journal';

export function AdminPanel() {
  const [open, setOpen] = useAtom(adminPanelOpenAtom);
  const isAdmin = useAtomValue(isAdminAtom);
  const [tab, setTab] = useState<AdminTab>('users');
  if (!isAdmin || !open) return null;
  return (
    <Dialog open={open} onOpenChange={setOpen} title={A.title} size="full" className="admin-panel">
      <OnlineOnlyNotice what="L’administration" />
      <Tabs<AdminTab>
        value={tab}
        onValueChange={setTab}
        ariaLabel={A.title}
        className="admin-tabs"
        items={[
          { value: 'users', label: A.tabs.users, content: <UsersTab /> },
          { value: 'teams', label: A.tabs.teams, content: <TeamsTab /> },
          { value: 'zones', label: A.tabs.zones, content: <ZonesTab /> },
          { value: 'levels', label: A.tabs.levels, content: <CriticalityTab /> },
          { value: 'settings', label: A.tabs.settings, content: <SettingsTab /> },
          { value: 'lines', label: LINES_TEXT.tab, content: <LinesTab /> },
          { value: 'line', label: A.tabs.line, content: <LineTab /> },
          { value: 'journal', label: J.tab, content: <JournalTab /> },
        ]}
      />
    </Dialog>
  );
}
