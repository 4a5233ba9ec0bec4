import { type PluginInfo, pluginInfo } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { call } from '../../../core/request';
import { usePluginName } from '../plugin-texts';

/**
 * Uninstalls a plugin once the operator confirms in a dialog that names it and says what goes
 * with it. The dialog gives the focus back to the button that opened it; when that button went
 * with its row, `onGone` says where the focus goes instead.
 */
export function useUninstall(onGone: () => void) {
  const { t } = useTranslation();
  const nameOf = usePluginName();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  return (plugin: PluginInfo) =>
    modal.confirm({
      title: t('plugin.uninstall.confirm', { name: nameOf(plugin) }),
      content: t('plugin.uninstall.effect'),
      okText: t('plugin.uninstall.action'),
      okButtonProps: { danger: true, 'data-testid': 'plugin-uninstall-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(pluginInfo.api.delete, { ids: [plugin.id] });
        void message.success(t('plugin.uninstall.done', { name: nameOf(plugin) }));
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
      },
      afterClose: () => {
        // Cancelled, the focus is back on the row's button; uninstalled, it is nowhere (the button
        // went with its row) or still on the closed dialog's.
        const active = document.activeElement;
        if (!active || active === document.body || !active.isConnected || active.closest('.ant-modal-root')) onGone();
      },
    });
}
