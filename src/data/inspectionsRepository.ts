// Inspection records (docs/product.md#inspection-records): save, list, read, annotate (public.inspections,
// public.inspection_annotations; RLS decides who reads which line's records, a trigger locks them after 24 h).
import { supabase } from './client';
import { jsonAnswer, jsonArg } from './rpc';
import type { Tables } from './database.types';
import type { InspectionCounts, InspectionFinding, NotInspected } from '../core/inspection/record';

export interface InspectionRow {
  id: string; line_id: string; inspector: string; inspector_email: string; inspected_at: string; created_at: string; updated_at: string;
  km_from: number | null; km_to: number | null; filters: { zones?: string[]; tracks?: string[]; zone_names?: Record<string, string> };
  findings: InspectionFinding[]; counts: InspectionCounts; remarks: Record<string, string>; not_inspected: NotInspected[];
}
/** A row of the 'Tournées' list: what it shows (the counts give its number of anomalies), never the record's texts. */
export type InspectionSummary = Pick<InspectionRow, 'id' | 'line_id' | 'inspector' | 'inspector_email' | 'inspected_at' | 'created_at' | 'updated_at' | 'km_from' | 'km_to' | 'counts'>;
export interface InspectionInput {
  line_id: string; inspector: string; inspected_at: string; km_from: number | null; km_to: number | null;
  filters: InspectionRow['filters']; findings: InspectionFinding[]; counts: InspectionCounts; remarks: Record<string, string>; not_inspected: NotInspected[];
}
export type AnnotationRow = Tables<'inspection_annotations'>;
export interface InspectionQuery { lineId?: string | null; inspector?: string | null; from?: string | null; to?: string | null }

const SUMMARY = 'id, line_id, inspector, inspector_email, inspected_at, created_at, updated_at, km_from, km_to, counts';

export async function insertInspection(input: InspectionInput): Promise<InspectionRow> {
  const row = { ...input, filters: jsonArg(input.filters), findings: jsonArg(input.findings), counts: jsonArg(input.counts), remarks: jsonArg(input.remarks), not_inspected: jsonArg(input.not_inspected) };
  const { data, error } = await supabase().from('inspections').insert(row).select('*').single();
  if (error) throw error;
  return jsonAnswer<InspectionRow>(data);
}

/** Newest first, 200 at most. */
export async function listInspections(q: InspectionQuery): Promise<InspectionSummary[]> {
  let req = supabase().from('inspections').select(SUMMARY).order('inspected_at', { ascending: false }).limit(200);
  if (q.lineId) req = req.eq('line_id', q.lineId);
  if (q.inspector) req = req.eq('inspector', q.inspector);
  if (q.from) req = req.gte('inspected_at', q.from);
  if (q.to) req = req.lt('inspected_at', q.to);
  const { data, error } = await req;
  if (error) throw error;
  return jsonAnswer<InspectionSummary[]>(data ?? []);
}

export async function getInspection(id: string): Promise<InspectionRow | null> {
  const { data, error } = await supabase().from('inspections').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return jsonAnswer<InspectionRow | null>(data);
}

/** Deletes a record (RLS and a trigger: its inspector within 24 h, an admin always); false when it was not deleted. */
export async function deleteInspection(id: string): Promise<boolean> {
  const { data, error } = await supabase().from('inspections').delete().eq('id', id).select('id');
  if (error) throw error;
  return (data ?? []).length === 1;
}

export async function listAnnotations(inspectionId: string): Promise<AnnotationRow[]> {
  const { data, error } = await supabase().from('inspection_annotations').select('*').eq('inspection_id', inspectionId).order('created_at');
  if (error) throw error;
  return data ?? [];
}

export async function insertAnnotation(inspectionId: string, author: string, body: string): Promise<AnnotationRow> {
  const { data, error } = await supabase().from('inspection_annotations').insert({ inspection_id: inspectionId, author, body }).select('*').single();
  if (error) throw error;
  return data;
}
