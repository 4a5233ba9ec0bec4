import { type PluginInfo, pluginInfo } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { usePluginName } from '../plugin-texts';

/**
 * Enabled or disabled. One plugin per hook may be enabled: while another holds the hook, the
 * switch is off-limits and says which plugin holds it.
 */
export function StatusSwitch({ plugin, holder }: { plugin: PluginInfo; holder: string | undefined }) {
  const { t } = useTranslation();
  const nameOf = usePluginName();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canUpdate = usePerm(pluginInfo.perms.update);
  const toggle = useMutation({
    mutationFn: (status: 0 | 1) => call(pluginInfo.api.update, { id: plugin.id, status }),
    onSuccess: async (_data, status) => {
      void message.success(
        status === 1 ? t('plugin.enabled', { name: nameOf(plugin) }) : t('plugin.disabled', { name: nameOf(plugin) }),
      );
      await queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) });
    },
  });
  const label = t(`plugin.status.${plugin.status}`);
  if (!canUpdate) return <Tag color={plugin.status === 1 ? 'success' : 'default'}>{label}</Tag>;
  const blocked = plugin.status === 0 && holder !== undefined;
  const control = (
    <Switch
      size="small"
      checked={plugin.status === 1}
      loading={toggle.isPending}
      disabled={blocked}
      checkedChildren={t('plugin.status.1')}
      unCheckedChildren={t('plugin.status.0')}
      aria-label={t('plugin.toggle', { name: nameOf(plugin) })}
      aria-describedby={blocked ? `plugin-hook-held-${plugin.id}` : undefined}
      data-testid={`plugin-toggle-${plugin.keyName}`}
      onChange={(checked) => toggle.mutate(checked ? 1 : 0)}
    />
  );
  return (
    <span className="plugin-status">
      {blocked ? <Tooltip title={t('plugin.hookHeld', { name: holder })}>{control}</Tooltip> : control}
      {blocked ? (
        <span id={`plugin-hook-held-${plugin.id}`} className="plugin-secondary">
          {t('plugin.hookHeldShort', { name: holder })}
        </span>
      ) : null}
    </span>
  );
}
