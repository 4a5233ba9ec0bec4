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
  const [waiting, setWaiting] = useState<ModalFuncProps[]>([]);
  const [hostWanted, setHostWanted] = useState(false);
  const modalRef = useRef<HookAPI | null>(null);

  const value = useMemo<Feedback>(
    () => ({
      message: messageApi,
      modal: {
        confirm(config) {
          if (modalRef.current) {
            modalRef.current.confirm(config);
            return;
          }
          setWaiting((list) => [...list, config]);
          setHostWanted(true);
        },
      },
    }),
    [messageApi],
  );
  const handleReady = useCallback((api: HookAPI) => {
    modalRef.current = api;
  }, []);
  const handleShown = useCallback(() => setWaiting([]), []);

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      {messageHolder}
      {hostWanted && <ModalHost waiting={waiting} onReady={handleReady} onShown={handleShown} />}
    </FeedbackContext.Provider>
  );
}

/** The signed-in shell's messages and confirmation dialogs. */
export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}
