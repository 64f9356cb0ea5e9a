// The IndexedDB database of the local replica: defined in workers/replicaDb.ts, since the point-index worker reads
// and writes the index records itself (off the main thread) and a worker imports nothing of src/ but src/core.
export { REPLICA_DB_NAME, REPLICA_DB_VERSION, replicaDb, type ReplicaSchema, type StoredDetails, type StoredIndex } from '../../../workers/replicaDb';
