import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { deferred } from './lazy';

export type Feedback = {
  /** antd's themed messages. */
  message: MessageInstance;
  /** antd's confirmation dialog; its code loads with the first one asked for. */
  modal: { confirm(config: ModalFuncProps): void };
};

const FeedbackContext = createContext<Feedback | null>(null);

const ModalHost = deferred(() => import('./modal-host').then((m) => m.ModalHost));

/**
 * What antd's App gives the screens (themed messages, confirmation dialogs), without loading the
 * dialog code on every page: most pages never ask for a confirmation dialog (popconfirms suffice).
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [hostWanted, setHostWanted] = useState(false);
  const modalRef = useRef<HookAPI | null>(null);
  // Confirmations asked for before the dialog code arrived, shown by the host once it has.
  const waitingRef = useRef<ModalFuncProps[]>([]);

  const value = useMemo<Feedback>(
    () => ({
      message: messageApi,
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
    [messageApi],
  );
  const handleReady = useCallback((api: HookAPI | null) => {
    modalRef.current = api;
  }, []);
  const take = useCallback(() => waitingRef.current.splice(0), []);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {messageHolder}
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
