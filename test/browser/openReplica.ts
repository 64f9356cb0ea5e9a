// For the replica's browser tests: binds the replica to a user and waits until the binding is written, as a session's
// first open does in two steps (src/data/replica/index.ts bindReplica); true when it already belonged to that user.
import { bindReplica } from '../../src/data/replica';

export async function openReplica(userId: string): Promise<boolean> {
  const b = bindReplica(userId);
  const mine = await b.mine;
  await b.bound;
  return mine;
}
