import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { deferred } from './lazy';
import { type ToastKind, toast } from './toast';

/** A message of each kind, shown for `seconds` (3 when absent); answers its id. */
export type Messages = Record<ToastKind, (text: string, seconds?: number) => number>;

export type Feedback = {
  /**
   * The app's messages: the root's toasts, one stack for every screen, signed in or not, so a
   * "saved" lines up under a sign-in warning instead of drawing over it, and a message outlives the
   * shell (a sign-out's reason on the login page).
   */
  message: Messages;
  /** antd's confirmation dialog; its code loads with the first one asked for. */
  modal: { confirm(config: ModalFuncProps): void };
};

const FeedbackContext = createContext<Feedback | null>(null);

const ModalHost = deferred(() => import('./modal-host').then((m) => m.ModalHost));

/**
 * What antd's App gives the screens (messages, confirmation dialogs), without loading the dialog
 * code on every page: most pages never ask for a confirmation dialog (popconfirms suffice).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [hostWanted, setHostWanted] = useState(false);
  const modalRef = useRef<HookAPI | null>(null);
  // Confirmations asked for before the dialog code arrived, shown by the host once it has.
  const waitingRef = useRef<ModalFuncProps[]>([]);

  const value = useMemo<Feedback>(
    () => ({
      message: toast,
      modal: {
        confirm(config) {
          if (modalRef.current) {
            modalRef.current.confirm(config);
            return;
          }
          waitingRef.current.push(config);
          setHostWanted(true);
        },
      },
    }),
    [],
  );
  const handleReady = useCallback((api: HookAPI | null) => {
    modalRef.current = api;
  }, []);
  const take = useCallback(() => waitingRef.current.splice(0), []);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {hostWanted && <ModalHost take={take} onReady={handleReady} />}
    </FeedbackContext.Provider>
  );
}

/** The signed-in shell's messages and confirmation dialogs. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
