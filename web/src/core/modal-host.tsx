import { Modal } from 'antd';
import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/**
 * antd's confirmation dialogs, themed by the shell's ConfigProvider. Loaded the first time a screen
 * asks for one: it shows what was asked while it loaded, then takes the asking over itself.
 * `take` empties the provider's queue, so an effect run twice (StrictMode) shows nothing twice.
 */
export function ModalHost({ take, onReady }: { take: () => ModalFuncProps[]; onReady: (api: HookAPI | null) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => {
    onReady(api);
    for (const config of take()) api.confirm(config);
    return () => onReady(null);
  }, [api, take, onReady]);
  return holder;
}
