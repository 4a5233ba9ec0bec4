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
  return (plugin: PluginInfo) => {
    // Whether this confirmation removed the plugin: then its row's buttons are gone, or about to
    // go when the refreshed list is drawn (on a busy machine after the dialog has closed), and the
    // focus is moved on whatever holds it as the dialog closes.
    let removed = false;
    modal.confirm({
      title: t('plugin.uninstall.confirm', { name: nameOf(plugin) }),
      content: t('plugin.uninstall.effect'),
      okText: t('plugin.uninstall.action'),
      okButtonProps: { danger: true, 'data-testid': 'plugin-uninstall-ok' } as ButtonProps,
      cancelText: t('common.cancel'),
      onOk: async () => {
        await call(pluginInfo.api.delete, { ids: [plugin.id] });
        removed = true;
        void message.success(t('plugin.uninstall.done', { name: nameOf(plugin) }));
        await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
      },
      afterClose: () => {
        // Cancelled, the focus is back on the row's button, where antd gives it back.
        if (removed) onGone();
      },
    });
  };
}
