import { Modal } from 'antd';
import type { ModalFuncProps } from 'antd/es/modal';
import type { HookAPI } from 'antd/es/modal/useModal';
import { useEffect } from 'react';

/**
 * antd's confirmation dialogs, themed by the shell's ConfigProvider. Loaded the first time a screen
 * asks for one; shows what was asked while it loaded, then hands its API to the provider.
 */
export function ModalHost({
  waiting,
  onReady,
  onShown,
}: {
  waiting: ModalFuncProps[];
  onReady: (api: HookAPI) => void;
  onShown: () => void;
}) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  useEffect(() => {
    if (waiting.length === 0) return;
    for (const config of waiting) api.confirm(config);
    onShown();
  }, [waiting, api, onShown]);
  return holder;
}
