// The 'Notifications' list: newest first, unread ones marked; opening one marks it read and opens its point. The
// member's settings below it (./NotificationSettingsForm).
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { Alert, Button, Dialog } from '../../ui';
import { formatDateTimeFr } from '../../core/format';
import { markAllRead, notificationsAtom, notificationsErrorAtom, openNotification, reloadNotifications, unreadCountAtom } from '../../state/notifications';
import type { AppNotification } from '../../core/followUp/notifications';
import { NotificationSettingsForm } from './NotificationSettingsForm';
import { NOTIF_TEXT as T } from './strings';

export function NotificationsDialog({ onClose }: { onClose: () => void }) {
  const items = useAtomValue(notificationsAtom);
  const unread = useAtomValue(unreadCountAtom);
  const failed = useAtomValue(notificationsErrorAtom);
  const [gone, setGone] = useState(false);

  const open = async (n: AppNotification) => {
    setGone(false);
    if (!n.pointId) { void openNotification(n); return; }
    onClose();
    if (!(await openNotification(n)).ok) setGone(true); // shown in this list's own words (T.gone)
  };

  return (
    <Dialog open onOpenChange={(o) => { if (!o) onClose(); }} title={T.title} size="md" className="notifications-dialog"
      footer={<Button onClick={onClose}>{T.close}</Button>}>
      {failed && <Alert kind="error">{T.loadError} <Button size="sm" onClick={() => void reloadNotifications()}>{T.retry}</Button></Alert>}
      {gone && <Alert kind="warning">{T.gone}</Alert>}
      {unread > 0 && <Button size="sm" onClick={() => void markAllRead()}>{T.markAll}</Button>}
      {items.length === 0 && !failed ? <p className="muted">{T.empty}</p> : (
        <ul className="notif-list" aria-label={T.title}>
          {items.map((n) => (
            <li key={n.id}>
              <button type="button" className={`notif-item${n.readAt ? '' : ' notif-unread'}`} onClick={() => void open(n)} data-testid="notification">
                <span className="notif-title">{!n.readAt && <span className="notif-dot" role="img" aria-label={T.unread} />}{n.title}</span>
                {n.body && <span className="notif-body">{n.body}</span>}
                <span className="notif-date muted">{formatDateTimeFr(n.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <NotificationSettingsForm />
    </Dialog>
  );
}
