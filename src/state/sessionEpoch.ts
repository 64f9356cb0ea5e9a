// The session epoch, now the serial of the current session scope (src/data/currentSession.ts): loads and saves
// still in flight for an ended session never write into the state of the next one. New code captures
// `currentSession()` and checks `scope.active` instead; these two remain for the modules not moved yet.
import { currentSession } from '../data/currentSession';

export const currentEpoch = (): number => currentSession().serial;
export const isCurrent = (e: number): boolean => e === currentSession().serial;
