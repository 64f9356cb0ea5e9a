// The state of a signed-in session: each module declares its atoms that sign-out puts back to their initial value,
// `export const x = resetAtSignOut(atom(init))`. An atom not declared here outlives the session (the network state,
// the device's outbox).
import type { PrimitiveAtom } from 'jotai';
import { store } from './store';

const declared: { atom: PrimitiveAtom<unknown>; init: unknown }[] = [];

/** Declares `a` as session state: sign-out sets it back to the value it was made with. */
export function resetAtSignOut<T>(a: PrimitiveAtom<T> & { init: T }): PrimitiveAtom<T> & { init: T } {
  declared.push({ atom: a as PrimitiveAtom<unknown>, init: a.init });
  return a;
}

/** Puts every declared atom back to its initial value. */
export function resetSessionState(): void {
  for (const { atom, init } of declared) store.set(atom, init);
}
