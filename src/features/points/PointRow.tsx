// One point in the sidebar lists: selection checkbox, criticality colour, the whole PK then the label (ellipsised,
// full text on hover), status, 'En retard', date of the observation and criticality (ellipsised last); below them the
// team and the edit, link and delete buttons (their icons from the list's sprite: ./rowIcons; delete only for a user
// who may delete points, docs/product.md#point-delete-setting). Two lines of text over a line of buttons: every part
// fits from 320 px.
import { memo } from 'react';
import type { Point } from '../../core/types';
import { STATUS_LABELS } from '../../core/constants';
import { formatDateFr, formatKm } from '../../core/format';
import { observationLabel } from '../../core/observedAt';
import { isLate, lateText } from '../../core/followUp/deadline';
import { IconButton } from '../../ui';
import { POINT_TEXT as T } from './strings';
import { PendingBadge } from '../offline/PendingBadge';
import { CopyLinkButton } from '../findShare/CopyLinkButton';
import { BULK_TEXT } from '../bulk/strings';
import { RowIcon } from './rowIcons';

export const POINT_ROW_HEIGHT = 96; // px, fixed for the virtual list (text lines 52, buttons 44)

export interface PointRowProps {
  point: Point;
  color: string;
  levelName: string;
  selected: boolean;
  onSelect: (p: Point) => void;
  onEdit: (p: Point) => void;
  /** Absent: no delete button (the member may not delete points, docs/product.md#point-delete-setting). */
  onDelete?: (p: Point) => void;
  /** Bulk selection (docs/product.md#bulk-changes): checked, and the click (shift: a range). */
  checked?: boolean;
  onCheck?: (p: Point, shift: boolean) => void;
  /** The point's details were never read and cannot be while offline: said in place of the name. */
  detailsOffline?: boolean;
}

export const PointRow = memo(function PointRow({ point, color, levelName, selected, onSelect, onEdit, onDelete, checked, onCheck, detailsOffline }: PointRowProps) {
  const pk = point.kmValue !== null ? T.pk(formatKm(point.kmValue)) : null;
  const missing = !point.name && detailsOffline ? T.nameOffline : null;
  const named = point.name || pk || ''; // the buttons' names when the point's name is not read yet
  return (
    <div className={`list-row point-row ${selected ? 'list-row-selected' : ''}`}>
      {onCheck && (
        <input type="checkbox" className="bulk-check" checked={!!checked} aria-label={BULK_TEXT.select(named)}
          onClick={(e) => onCheck(point, e.shiftKey)} onChange={() => undefined} />
      )}
      <button type="button" className="list-row-main" data-row-primary onClick={() => onSelect(point)} aria-current={selected || undefined}>
        <span className="crit-dot" style={{ background: color }} aria-hidden="true" />
        <span className="list-row-text">
          <span className="point-row-head">
            {pk && <span className="point-row-pk">{pk}</span>}
            {missing
              ? <span className="list-row-title list-row-missing" title={T.nameOfflineTitle}>{missing}</span>
              : <span className="list-row-title" title={point.name || undefined}>{point.name || '—'}</span>}
          </span>
          <span className="list-row-meta">
            <span className={`badge status-badge status-${point.status}`}>{STATUS_LABELS[point.status]}</span>
            {isLate(point, Date.now()) && <span className="badge late-badge" title={lateText(point.dueAt!, Date.now())}>{T.late}</span>}
            {point.observedAt && <span className="list-row-date" title={observationLabel(point.observedAt, point.creationDate)}>{formatDateFr(point.observedAt)}</span>}
            <span className="list-row-level" title={levelName}>{levelName}</span>
            <PendingBadge pointId={point.id} />
          </span>
        </span>
      </button>
      <div className="point-row-foot">
        <span className="list-row-team" title={point.teamName ?? undefined}>{point.teamName ?? ''}</span>
        {/* Edit and delete apart, with the link between them and a gap before delete. */}
        <IconButton size="sm" label={`${T.edit} ${named}`} icon={<RowIcon name="pencil" />} onClick={() => onEdit(point)} />
        <CopyLinkButton compact pointId={point.id} name={named} icon={<RowIcon name="link" />} />
        {onDelete && <IconButton size="sm" label={`${T.delete} ${named}`} icon={<RowIcon name="trash" />} className="btn-danger-ghost row-delete" onClick={() => onDelete(point)} />}
      </div>
    </div>
  );
});
