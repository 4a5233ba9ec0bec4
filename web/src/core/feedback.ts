import { toast } from './toast';

/**
 * Ways for non-React code (the request layer) to reach the screen. The router connects
 * `navigate` at the root; errors show in the root's toasts, the one stack of messages every screen
 * uses (core/app-feedback.tsx).
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;

let navigateTo: Navigate = (path) => window.location.assign(path);

export const feedback = {
  connectNavigate(next: Navigate) {
    navigateTo = next;
  },
  error: (text: string) => toast.error(text),
  navigate: (path: string, options?: { replace?: boolean }) => navigateTo(path, options),
};
