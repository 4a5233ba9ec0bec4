import { type PluginInfo, pluginInfo } from '@backroom/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { usePluginName } from '../plugin-texts';

/**
 * A plugin's last error (a crash, a refused call, a failed delivery) and when it happened; two
 * lines with a way to read all of it, and "Clear" for those who may (it stays cleared until the
 * next failure).
 */
export function LastError({ plugin }: { plugin: PluginInfo }) {
  const { t } = useTranslation();
  const nameOf = usePluginName();
  const queryClient = useQueryClient();
  const canClear = usePerm(pluginInfo.perms.clearError);
  const clear = useMutation({
    mutationFn: () => call(pluginInfo.api.clearError, { id: plugin.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: crudQueryKey(pluginInfo) }),
  });
  if (!plugin.lastError) return <span className="plugin-secondary">{t('plugin.noError')}</span>;
  return (
    <div className="plugin-error-cell" data-testid={`plugin-error-${plugin.keyName}`}>
      <Typography.Paragraph
        type="danger"
        className="plugin-error"
        ellipsis={{
          rows: 2,
          expandable: 'collapsible',
          symbol: (expanded) => t(expanded ? 'plugin.less' : 'plugin.more'),
        }}
      >
        {plugin.lastError}
      </Typography.Paragraph>
      <span className="plugin-error-meta">
        {plugin.lastErrorTime ? <time className="plugin-secondary">{plugin.lastErrorTime}</time> : null}
        {canClear ? (
          <Button
            type="link"
            size="small"
            loading={clear.isPending}
            onClick={() => clear.mutate()}
            aria-label={t('plugin.clearErrorOf', { name: nameOf(plugin) })}
          >
            {t('plugin.clearError')}
          </Button>
        ) : null}
      </span>
    </div>
  );
}
