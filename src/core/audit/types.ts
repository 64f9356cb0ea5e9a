// One row of public.audit_log as the app sees it.
export type AuditAction = 'insert' | 'update' | 'delete';
export type AuditTable = 'points' | 'zones' | 'criticality_levels' | 'teams' | 'kilometer_markers' | 'app_settings' | 'profiles' | 'invitations' | 'line_axes' | 'line_anchors';

export interface AuditEntry {
  id: number;
  at: string;
  actor: string | null;
  tableName: string;
  rowId: string;
  action: AuditAction;
  /** Each changed column: {old, new} on update, {new} on insert, {old} on delete. */
  changes: Record<string, { old?: unknown; new?: unknown }>;
}

export const AUDIT_TABLES: AuditTable[] = ['points', 'zones', 'criticality_levels', 'teams', 'kilometer_markers', 'app_settings', 'profiles', 'invitations', 'line_axes', 'line_anchors'];
