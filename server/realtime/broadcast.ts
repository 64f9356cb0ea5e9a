// Broadcast from the database, as Supabase Realtime does it: authorising a private channel at join (RLS of
// realtime.messages under the joiner's role and claims, realtime.topic() = the channel's topic: read = can select a
// broadcast row of that topic, write = can insert one; everything rolled back), and the frame a broadcast row
// (realtime.send) becomes on the channels joined on its topic.
import type { Database } from '../db/types';
import type { Frame } from './protocol';
import type { Viewer } from './feed';

export interface ChannelPolicies { read: boolean; write: boolean }

/** Thrown to roll the check back with its answer. */
class Answer { constructor(readonly policies: ChannelPolicies) {} }

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** The sub-topic Supabase checks and stores in realtime.messages.topic: the channel topic without 'realtime:'. */
export const subTopic = (topic: string): string => topic.replace(/^realtime:/, '');

export async function authorizeChannel(db: Database, viewer: Viewer, topic: string): Promise<ChannelPolicies> {
  if (!ROLES.has(viewer.role)) return { read: false, write: false };
  try {
    await db.admin.transaction(async (tx) => {
      // The probe rows never reach the change queue (and the transaction is rolled back anyway).
      await tx.query("select set_config('realtime.capture_disabled', 'on', true)");
      const probe = await tx.query<{ id: string }>(
        "insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true) returning id::text as id", [topic]);
      await tx.query(
        "select set_config('role', $1, true), set_config('realtime.topic', $2, true), set_config('request.jwt.claims', $3, true), set_config('request.headers', '{}', true)",
        [viewer.role, topic, JSON.stringify(viewer.claims)]);
      const seen = await tx.query("select 1 from realtime.messages where topic = $1 and extension = 'broadcast' and id = $2::uuid", [topic, probe.rows[0].id]);
      let write = true;
      await tx.query('savepoint write_check');
      try {
        await tx.query("insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)", [topic]);
      } catch (e) {
        if ((e as { code?: string }).code !== '42501') throw e;
        write = false;
      }
      await tx.query('rollback to savepoint write_check');
      throw new Answer({ read: seen.rows.length > 0, write });
    });
  } catch (e) {
    if (e instanceof Answer) return e.policies;
    throw e;
  }
  return { read: false, write: false };
}

export interface BroadcastRow { topic: string; event: string; payload: unknown; private: boolean; id?: string }

/** What realtime-js receives for a database broadcast: `channel.on('broadcast', { event }, cb)` gets the payload object. */
export function broadcastFrame(channelTopic: string, joinRef: string | null, m: BroadcastRow): Frame {
  const payload = m.payload && typeof m.payload === 'object' ? m.payload : {};
  return [joinRef, null, channelTopic, 'broadcast', { type: 'broadcast', event: m.event, payload, ...(m.id ? { meta: { id: m.id } } : {}) }];
}

/**
 * The same frame as text for many channels: everything but the join ref is encoded once per message (a burst to
 * 500 subscribers is then 500 string joins, not 500 JSON encodings of the payload).
 */
export function broadcastFrameEncoder(channelTopic: string, m: BroadcastRow): (joinRef: string | null) => string {
  const tail = JSON.stringify(broadcastFrame(channelTopic, null, m)).slice('[null'.length);
  return (joinRef) => `[${JSON.stringify(joinRef)}${tail}`;
}

/** The broadcast row carried by a captured change of realtime.messages, or null. */
export function broadcastRowOf(c: { schema: string; table: string; record: Record<string, unknown> | null }): BroadcastRow | null {
  if (c.schema !== 'realtime' || c.table !== 'messages' || !c.record) return null;
  const r = c.record;
  if (r.extension !== 'broadcast' || typeof r.topic !== 'string' || typeof r.event !== 'string') return null;
  return { topic: r.topic, event: r.event, payload: r.payload, private: r.private === true, id: typeof r.id === 'string' ? r.id : undefined };
}
