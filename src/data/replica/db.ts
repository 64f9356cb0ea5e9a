// The main thread's connection to the local replica's IndexedDB database (schema: workers/replicaSchema.ts), a part of
// the user's session: opened on first use, closed when the session ends. It belongs to one user at a time (./index.ts).
import type { IDBPDatabase } from 'idb';
import { currentSession } from '../currentSession';
import { definePart } from '../../core/session/scope';
import { replicaConnection, type ReplicaSchema } from '../../../workers/replicaSchema';

const connectionPart = definePart('replicaDb', replicaConnection, (c) => c.close());

export const replicaDb = (): Promise<IDBPDatabase<ReplicaSchema>> => currentSession().part(connectionPart).get();
