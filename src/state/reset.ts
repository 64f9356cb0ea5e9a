// Resets every primitive atom declared in src/state/*.ts to its initial value (sign-out clears all state, docs/product.md#session).
import { atom, type PrimitiveAtom } from 'jotai';
import { store } from './store';

/** Primitive atoms share jotai's default write; write-only action atoms (atom(null, fn)) also carry an init. */
const PRIMITIVE_WRITE = atom(0).write;

// Every state module except the action modules that import this one (a cycle would leave them undefined here).
const modules = import.meta.glob(['./*.ts', '!./*.test.ts', '!./reset.ts', '!./auth.ts', '!./live.ts', '!./actions.ts'], { eager: true }) as Record<string, Record<string, unknown> | undefined>;

function isPrimitiveAtom(v: unknown): v is PrimitiveAtom<unknown> & { init: unknown } {
  return typeof v === 'object' && v !== null && 'init' in v && (v as { write?: unknown }).write === PRIMITIVE_WRITE;
}

export function resetAllState(): void {
  for (const mod of Object.values(modules)) {
    if (!mod) continue;
    for (const v of Object.values(mod)) if (isPrimitiveAtom(v)) store.set(v, v.init);
  }
}
