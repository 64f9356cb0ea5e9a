// A tiny toast store (no React): toast('Compte créé avec succès', 'success') from anywhere; <Toaster/> renders it.
import type { AlertKind } from './Alert';

export interface ToastItem { id: number; message: string; kind: AlertKind }
type Listener = () => void;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export const TOAST_DURATION_MS = 4000; // how long a toast stays

export function toast(message: string, kind: AlertKind = 'info', durationMs = TOAST_DURATION_MS): number {
  const id = nextId++;
  items = [...items, { id, message, kind }];
  emit();
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}
export function dismissToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}
export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  return () => { listeners.delete(l); };
}
export const getToasts = (): ToastItem[] => items;
