import { toast } from './toast';

/**
 * Ways for non-React code (the request layer) to reach the screen. The router connects
 * `navigate` at the root; the signed-in shell lends antd's themed message API for errors while it
 * is mounted, and the light toasts take over again outside it (login, error pages).
 */
type Navigate = (path: string, options?: { replace?: boolean }) => void;
type ErrorSink = (text: string) => void;

let navigateTo: Navigate = (path) => window.location.assign(path);
let errorSink: ErrorSink | null = null;

export const feedback = {
  connectNavigate(next: Navigate) {
    navigateTo = next;
  },
  /** Routes errors to `sink` until the returned function is called (the shell unmounting). */
  connectErrors(sink: ErrorSink): () => void {
    errorSink = sink;
    return () => {
      if (errorSink === sink) errorSink = null;
    };
  },
  error: (text: string) => (errorSink ? errorSink(text) : toast.error(text)),
  navigate: (path: string, options?: { replace?: boolean }) => navigateTo(path, options),
};
