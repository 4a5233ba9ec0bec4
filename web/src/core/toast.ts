import { create } from 'zustand';
import type { ToastKind, ToastView } from '../ui/Toaster';

export type { ToastKind };
export type Toast = ToastView;

type ToastState = { toasts: Toast[] };

/** Messages shown above every screen; they outlive a change of route (a sign-out's reason on /login). */
export const useToasts = create<ToastState>(() => ({ toasts: [] }));

let nextId = 1;
const DEFAULT_SECONDS = 3;
const MAX_SHOWN = 4;

function show(kind: ToastKind, text: string, seconds = DEFAULT_SECONDS): number {
  const id = nextId++;
  useToasts.setState(({ toasts }) => {
    // The same message twice in a row (parallel requests failing alike) shows once.
    const rest = toasts.filter((t) => !(t.kind === kind && t.text === text));
    return { toasts: [...rest, { id, kind, text }].slice(-MAX_SHOWN) };
  });
  window.setTimeout(() => dismissToast(id), seconds * 1000);
  return id;
}

export function dismissToast(id: number) {
  useToasts.setState(({ toasts }) => ({ toasts: toasts.filter((t) => t.id !== id) }));
}

/** antd-free messages for the screens outside the signed-in shell (login, error pages). */
export const toast = {
  error: (text: string, seconds?: number) => show('error', text, seconds),
  warning: (text: string, seconds?: number) => show('warning', text, seconds),
  success: (text: string, seconds?: number) => show('success', text, seconds),
  info: (text: string, seconds?: number) => show('info', text, seconds),
};
