// Resets every primitive atom declared in src/state/*.ts to its initial value (sign-out clears all state, SPEC §4).
import type { PrimitiveAtom } from 'jotai';
import { store } from './store';

const modules = import.meta.glob(['./*.ts', '!./*.test.ts'], { eager: true }) as Record<string, Record<string, unknown>>;

function isPrimitiveAtom(v: unknown): v is PrimitiveAtom<unknown> & { init: unknown } {
  return typeof v === 'object' && v !== null && 'init' in v && 'read' in v && 'write' in v;
}

export function resetAllState(): void {
  for (const mod of Object.values(modules)) {
    for (const v of Object.values(mod)) if (isPrimitiveAtom(v)) store.set(v, v.init);
  }
}
