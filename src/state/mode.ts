// Main-screen mode (docs/product.md#modes): view, draw-point, draw-zone, report. Transition rules live in src/core/modeMachine.
import { atom } from 'jotai';
import type { AppMode } from '../core/modeMachine';

export const modeAtom = atom<AppMode>('view');
