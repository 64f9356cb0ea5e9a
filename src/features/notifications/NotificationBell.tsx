// The header's bell (docs/product.md#notifications): a compact icon button named 'Notifications (N non lues)' with
// the unread count, live for the session; it opens the 'Notifications' list.
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Bell } from 'lucide-react';
import { IconButton } from '../../ui';
import { bellBadge, bellLabel } from '../../core/followUp/notifications';
import { startNotifications, unreadCountAtom } from '../../state/notifications';
import { profileAtom } from '../../state/session';
import { NotificationsDialog } from './NotificationsDialog';
import './notifications.css';

export function NotificationBell() {
  const unread = useAtomValue(unreadCountAtom);
  const me = useAtomValue(profileAtom);
  const [open, setOpen] = useState(false);
  useEffect(() => { if (me?.id) startNotifications(); }, [me?.id]);
  const badge = bellBadge(unread);
  return (
    <>
      <span className="bell">
        <IconButton label={bellLabel(unread)} icon={<Bell size={20} aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="notification-bell" />
        {badge && <span className="bell-badge" aria-hidden="true">{badge}</span>}
      </span>
      {open && <NotificationsDialog onClose={() => setOpen(false)} />}
    </>
  );
}
