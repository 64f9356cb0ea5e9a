// Main-screen mode (docs/product.md#modes): view, draw-point, draw-zone, route-report, select. Transition rules live in src/core/modeMachine.
import { atom } from 'jotai';
import type { AppMode } from '../core/modeMachine';
import { resetAtSignOut } from './signOutReset';

export const modeAtom = resetAtSignOut(atom<AppMode>('view'));
