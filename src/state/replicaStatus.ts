// Whether the local replica is in use for this session, and the one French message when the browser refuses
// storage or its quota is reached (the app then keeps working from memory).
import { ReplicaError } from '../data/replica';
import { replicaErrorAtom } from './pointIndex';
import { store } from './store';
import { currentSession } from './userSession';
import { definePart } from '../core/session/scope';

export const REPLICA_TEXT = {
  quota: "Stockage local plein : les signalements ne sont plus conservés sur cet appareil. L'application continue de fonctionner en ligne.",
  unavailable: "Le navigateur refuse le stockage local : les signalements seront rechargés depuis le serveur à chaque ouverture.",
} as const;

/** Off until the session's restore opened the replica; off again for the rest of the session after a failure. */
const replicaPart = definePart('replicaStatus', () => ({ enabled: false }));

export function replicaOk(): boolean { return currentSession().part(replicaPart).enabled; }
export function setReplicaEnabled(on: boolean): void { currentSession().part(replicaPart).enabled = on; }

/** Turns the replica off for this session and says why (once). */
export function replicaFailed(e: unknown): void {
  console.warn('Réplique locale indisponible', e);
  setReplicaEnabled(false);
  const kind = e instanceof ReplicaError ? e.kind : 'unavailable';
  store.set(replicaErrorAtom, REPLICA_TEXT[kind]);
}
