// What is selected and which dialogs are open on the main screen.
import { atom } from 'jotai';
import type { ImagePoint } from '../core/types';
import { resetAtSignOut } from './signOutReset';
import { store } from './store';

export type Selection = { kind: 'point'; id: string } | { kind: 'zone'; id: string } | null;
export const selectionAtom = resetAtSignOut(atom<Selection>(null));

/** The point form: a new point at a map position, or an existing point to edit. */
export type PointFormState =
  | { mode: 'create'; position: ImagePoint; kmValue: number | null; gnss?: { lat: number; lon: number; accuracyM: number; fixes: number } }
  | { mode: 'edit'; pointId: string }
  | null;
export const pointFormAtom = resetAtSignOut(atom<PointFormState>(null));

/** The zone form: a newly drawn polygon, or an existing zone to edit. */
export type ZoneFormState = { mode: 'create'; vertices: ImagePoint[] } | { mode: 'edit'; zoneId: string } | null;
export const zoneFormAtom = resetAtSignOut(atom<ZoneFormState>(null));

/** Vertices of the zone being drawn (draw-zone mode), in image pixels. */
export const draftZoneAtom = resetAtSignOut(atom<ImagePoint[]>([]));

/** Ids of the points of the cluster whose sheet is open ('N signalement(s)'). */
export const clusterSheetAtom = resetAtSignOut(atom<string[] | null>(null));

/** A pending delete confirmation. */
export type DeleteRequest = { kind: 'point' | 'zone'; id: string; name: string } | null;
export const deleteRequestAtom = resetAtSignOut(atom<DeleteRequest>(null));

/** Ask the map to centre on an image position (the sidebar sets it; nonce makes repeats count). */
export const centerRequestAtom = resetAtSignOut(atom<{ x: number; y: number; nonce: number } | null>(null));

/** Nothing selected, no form, sheet, confirmation or zone draft open (a mode or line change). */
export function closeSelectionAndForms(): void {
  store.set(selectionAtom, null);
  store.set(pointFormAtom, null);
  store.set(zoneFormAtom, null);
  store.set(clusterSheetAtom, null);
  store.set(deleteRequestAtom, null);
  store.set(draftZoneAtom, []);
}
