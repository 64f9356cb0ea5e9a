// Repository functions (find and share): the search and nearby RPCs, one point by id, the creators'
// emails and what a worker needs to read REST pages with the caller's token.
import { supabase, loadRuntimeConfig } from './client';
import type { Database } from './database.types';
import { toPoint } from './mappers';
import { rpc } from './rpc';
import type { Point, PointStatus } from '../core/types';

export interface PointHit {
  id: string; name: string; description: string; kmValue: number | null; x: number; y: number;
  status: PointStatus; criticality: string; ticketNumber: string | null; teamId: string | null; createdAt: string;
  /** The point's line (search spans every line; absent from nearby answers, which are on the line asked). */
  line?: { id: string; code: string; name: string };
}

type SearchRow = Database['public']['Functions']['search_points']['Returns'][number];
/** A row of search_points, nearby_points (which has no line nor description) or of points read near a PK. RETURNS TABLE columns are typed as
 * never null by the generator; null-safe reads stay. */
type HitRow = Omit<SearchRow, 'description' | 'line_id' | 'line_code' | 'line_name' | 'km_value' | 'team_id' | 'ticket_number'>
  & Partial<Pick<SearchRow, 'description' | 'line_id' | 'line_code' | 'line_name'>>
  & { km_value: number | null; team_id: string | null; ticket_number: string | null };
const position = (r: HitRow): { x?: unknown; y?: unknown } => (r.position && typeof r.position === 'object' && !Array.isArray(r.position) ? r.position : {});

const toHit = (r: HitRow): PointHit => ({
  id: r.id, name: r.name ?? '', description: r.description ?? '', kmValue: r.km_value === null || r.km_value === undefined ? null : Number(r.km_value),
  x: Number(position(r).x ?? 0), y: Number(position(r).y ?? 0), status: r.status as PointStatus, criticality: r.criticality,
  ticketNumber: r.ticket_number ?? null, teamId: r.team_id ?? null, createdAt: r.created_at,
  ...(typeof r.line_id === 'string' ? { line: { id: r.line_id, code: r.line_code ?? '', name: r.line_name ?? '' } } : {}),
});

/** search_points(): label, description, ticket number; accents and case ignored; newest first. */
export async function searchPoints(query: string, max: number, signal?: AbortSignal): Promise<PointHit[]> {
  let q = rpc('search_points', { query, max_results: max });
  if (signal) q = q.abortSignal(signal);
  const { data, error } = await q;
  if (error) throw error;
  return (data ?? []).map(toHit);
}

/** nearby_points(): unresolved points of the line (null: every line) within radius of km, not on the other track. */
export async function nearbyPoints(km: number, x: number, y: number, excludeId: string | null, lineId: string | null, signal?: AbortSignal): Promise<PointHit[]> {
  let q = rpc('nearby_points', { km, x, y, exclude_id: excludeId, p_line_id: lineId });
  if (signal) q = q.abortSignal(signal);
  const { data, error } = await q;
  if (error) throw error;
  return (data ?? []).map(toHit);
}

/** Unresolved points of a line within radiusKm of km, on either track, newest first (the caller orders by distance). */
export async function pointsNearPk(lineId: string, km: number, radiusKm: number, max: number, signal?: AbortSignal): Promise<PointHit[]> {
  let q = supabase().from('points')
    .select('id, name, kilometer, km_value, position, status, criticality, ticket_number, team_id, created_at')
    .eq('line_id', lineId).gte('km_value', km - radiusKm).lte('km_value', km + radiusKm).neq('status', 'resolu')
    .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(max);
  if (signal) q = q.abortSignal(signal);
  const { data, error } = await q;
  if (error) throw error;
  return (data ?? []).map(toHit);
}

/** One point with its team name, or null when it does not exist or cannot be read. */
export async function getPoint(id: string): Promise<Point | null> {
  const { data, error } = await supabase().from('points').select('*, teams(name)').eq('id', id).maybeSingle();
  if (error) throw error;
  return data ? toPoint(data) : null;
}

/** Base URL, anon key and the current access token, for REST reads from a worker. */
export async function restAuth(): Promise<{ url: string; anonKey: string; accessToken: string }> {
  const cfg = await loadRuntimeConfig();
  const { data } = await supabase().auth.getSession();
  if (!data.session) throw new Error('Session expirée : reconnectez-vous.');
  return { url: cfg.supabaseUrl, anonKey: cfg.supabaseAnonKey, accessToken: data.session.access_token };
}
