import { CloudUploadOutlined, DeleteOutlined } from '@ant-design/icons';
import { type Locale, type PluginInfo, pluginInfo } from '@backroom/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudPage, crudQueryKey } from '../../../core/crud/CrudPage';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { ConfigDialog } from '../components/config-dialog';
import { InstallDialog } from '../components/install-dialog';
import { LastError } from '../components/last-error';
import { ReadmeDrawer } from '../components/readme-drawer';
import { StatusSwitch } from '../components/status-switch';
import { useUninstall } from '../hooks/use-uninstall';
import { pluginTexts, usePluginName } from '../plugin-texts';
import '../plugin.css';

/**
 * Plugins (the family's 后端插件 screen): each installed plugin with its logo, version, author,
 * hook, an enable switch (one per hook), its last error, README, config, update and uninstall;
 * install or update by dropping a package. The dialogs stay mounted while they close, so the focus
 * goes back to the button that opened them.
 */
export default function PluginServe() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const canInstall = usePerm(pluginInfo.perms.install);
  const canConfigure = usePerm(pluginInfo.perms.update);
  const canUninstall = usePerm(pluginInfo.perms.delete);
  const installButton = useRef<HTMLButtonElement>(null);
  // Install (no target) or update (the row's plugin); the target stays while the dialog closes.
  const [installing, setInstalling] = useState(false);
  const [target, setTarget] = useState<PluginInfo | null>(null);
  const openInstall = (plugin: PluginInfo | null) => {
    setTarget(plugin);
    setInstalling(true);
  };
  const [readmeOf, setReadmeOf] = useState<PluginInfo | null>(null);
  const [configOf, setConfigOf] = useState<PluginInfo | null>(null);
  // After an uninstall its row's buttons are gone: the focus goes to the install button.
  const uninstall = useUninstall(() => installButton.current?.focus());
  // Every plugin's hook and status (a handful of rows), to say which one holds a hook.
  const enabled = useQuery({
    queryKey: [...crudQueryKey(pluginInfo), 'enabled'],
    queryFn: () => call(pluginInfo.api.list, { status: 1 }),
  });
  const nameOf = usePluginName();
  const holderOf = (row: PluginInfo) => {
    const holder = enabled.data?.find((r) => r.hook === row.hook && r.id !== row.id);
    return holder ? nameOf(holder) : undefined;
  };

  return (
    <>
      <CrudPage
        history
        entity={pluginInfo}
        noEditForm
        noDelete
        keywordPlaceholder={t('plugin.search')}
        toolbar={
          canInstall ? (
            <Button
              ref={installButton}
              type="primary"
              icon={<CloudUploadOutlined aria-hidden />}
              onClick={() => openInstall(null)}
              data-testid="plugin-install"
            >
              {t('plugin.install.button')}
            </Button>
          ) : null
        }
        columns={[
          {
            key: 'name',
            // Widths that fit a 1440 px screen beside the menu (about 1,090 with the actions: no sideways scroll).
            width: 240,
            // Two lines: the name, and the description (wrapped, at most two lines) that says what it does.
            ellipsis: false,
            title: t('plugin.columns.name'),
            render: (_value, row) => {
              const texts = pluginTexts((row as PluginInfo).pluginJson, row as PluginInfo, locale);
              return (
                <span className="plugin-name">
                  {row.logo ? (
                    <img src={row.logo} alt="" className="plugin-logo" />
                  ) : (
                    <span className="plugin-logo" aria-hidden />
                  )}
                  <span className="plugin-cell">
                    <span>{texts.name}</span>
                    <span className="plugin-secondary plugin-description" title={texts.description || undefined}>
                      {texts.description || row.keyName}
                    </span>
                  </span>
                </span>
              );
            },
          },
          { key: 'version', width: 90, title: t('plugin.columns.version') },
          { key: 'author', width: 100, title: t('plugin.columns.author') },
          {
            key: 'hook',
            width: 110,
            title: t('plugin.columns.hook'),
            render: (value) => <Tag>{pluginInfo.columns.hook.valueLabels?.[value]?.[locale] ?? value}</Tag>,
          },
          {
            key: 'status',
            width: 160,
            // The switch, and which plugin holds the hook when it is off-limits (wrapped, never cut).
            ellipsis: false,
            title: t('plugin.columns.status'),
            render: (_value, row) => <StatusSwitch plugin={row as PluginInfo} holder={holderOf(row as PluginInfo)} />,
          },
          {
            key: 'lastError',
            width: 200,
            ellipsis: false,
            title: t('plugin.columns.lastError'),
            render: (_value, row) => <LastError plugin={row as PluginInfo} />,
          },
        ]}
        rowActions={(row) => (
          <>
            <Button
              type="link"
              size="small"
              onClick={() => setReadmeOf(row as PluginInfo)}
              data-testid={`plugin-readme-${row.keyName}`}
            >
              {t('plugin.readme')}
            </Button>
            {canConfigure ? (
              <Button
                type="link"
                size="small"
                onClick={() => setConfigOf(row as PluginInfo)}
                data-testid={`plugin-config-${row.keyName}`}
              >
                {t('plugin.config.open')}
              </Button>
            ) : null}
            {canInstall ? (
              <Button
                type="link"
                size="small"
                onClick={() => openInstall(row as PluginInfo)}
                data-testid={`plugin-update-${row.keyName}`}
              >
                {t('plugin.update.open')}
              </Button>
            ) : null}
            {canUninstall ? (
              <Button
                type="link"
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                onClick={() => uninstall(row as PluginInfo)}
                data-testid={`plugin-uninstall-${row.keyName}`}
              >
                {t('plugin.uninstall.action')}
              </Button>
            ) : null}
          </>
        )}
      />
      <InstallDialog open={installing} target={target} onClose={() => setInstalling(false)} />
      <ReadmeDrawer plugin={readmeOf} onClose={() => setReadmeOf(null)} />
      <ConfigDialog plugin={configOf} onClose={() => setConfigOf(null)} />
    </>
  );
}
