// The point index in the app state: every point's key fields as typed arrays (src/core/pointIndex),
// never one object per point. The map, the sidebar counts and lists, the cluster sheet and the report read it;
// only this module (through ./pointsCollection) changes it. Text fields are details on demand (./pointDetails).
//
// Consumers: `useAtomValue(pointIndexAtom)` gives { index, version }; the snapshot object changes on every
// change of the index (the typed arrays are mutated in place, so read them during render, do not keep them).
// `newestOrderAtom`: slots newest first (recomputed in the worker after changes; may lag a change briefly, so
// skip slots >= index.count).
import { atom } from 'jotai';
import { createPointIndex } from '../core/pointIndex/store';
import type { PointIndex } from '../core/pointIndex/types';
import type { IndexViews } from '../core/pointIndex/queries';
import { resetAtSignOut } from './signOutReset';

/** `line`: the line whose points the index holds (null: not known yet / every line); `views`: what the lists and the map
 * first read of it, made with the index by the point-index API (for this snapshot only). */
export interface PointIndexSnapshot { index: PointIndex; version: number; line?: string | null; views?: IndexViews }

/** The empty index of a signed-out app; never mutated (a session starts a fresh one). */
export const EMPTY_POINT_INDEX: PointIndex = createPointIndex(16);
export const pointIndexAtom = resetAtSignOut(atom<PointIndexSnapshot>({ index: EMPTY_POINT_INDEX, version: 0 }));

/** Slots newest first (created desc, id asc). */
export const newestOrderAtom = resetAtSignOut(atom<Int32Array>(new Int32Array(0)));

/** First-load progress: points received, estimated total (null until known), whether pages are still coming. */
export interface PointsLoadProgress { loaded: number; total: number | null; loading: boolean; fromReplica: boolean }
export const pointsLoadProgressAtom = resetAtSignOut(atom<PointsLoadProgress>({ loaded: 0, total: null, loading: false, fromReplica: false }));

/** French message when the local replica cannot be used (storage refused or full); the app works from memory. */
export const replicaErrorAtom = resetAtSignOut(atom<string | null>(null));

/** Bumped when point details arrive or change (rows re-read ./pointDetails). */
export const pointDetailsVersionAtom = resetAtSignOut(atom<number>(0));
