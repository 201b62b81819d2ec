// A tiny toast queue on nanostores: any island calls toast('Suspended Ama Mensah') and the <Toaster/>
// mounted once in the layout shows it, then it dismisses itself.
import { atom } from 'nanostores';

export type ToastVariant = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  message: string;
  variant: ToastVariant;
}

export const TOAST_DURATION_MS = 4_000;
/** Older toasts drop off beyond this many, so a burst never covers the screen. */
const MAX_TOASTS = 4;

export const $toasts = atom<ToastItem[]>([]);
let nextId = 1;

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((t) => t.id !== id));
}

export function toast(
  message: string,
  { variant = 'success', duration = TOAST_DURATION_MS }: { variant?: ToastVariant; duration?: number } = {},
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, variant }].slice(-MAX_TOASTS));
  if (duration > 0) setTimeout(() => dismissToast(id), duration);
  return id;
}
