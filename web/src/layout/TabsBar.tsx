import { CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, Tabs } from 'antd';
import { type KeyboardEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { titleText } from '../core/routes';
import { useTabs } from '../core/tabs';
import { useTablistOnTabs } from '../ui/tablist';

/** Open pages as tabs, with close current / others / all, also on right click (docs/spec.md §2). */
export function TabsBar({ activeKey, homePath }: { activeKey: string; homePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { tabs, close, closeOthers, closeAll, refresh } = useTabs();

  // Home stays open when it is the only tab: closing it would leave the page it shows without one.
  const isLastHome = (key: string) => key === homePath && tabs.length === 1;
  const handleClose = (key: string) => {
    if (isLastHome(key)) return;
    const next = close(key);
    if (key === activeKey) navigate(next ?? homePath);
  };
  const handleCloseAll = () => {
    closeAll(homePath);
    navigate(homePath);
  };
  const menuFor = (key: string): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
      { key: 'close', label: t('tabs.close'), disabled: isLastHome(key) },
      { key: 'others', label: t('tabs.closeOthers') },
      { key: 'all', label: t('tabs.closeAll') },
    ],
    onClick: ({ key: action }) => {
      if (action === 'refresh') refresh(key);
      if (action === 'close') handleClose(key);
      if (action === 'others') {
        closeOthers(key);
        if (key !== activeKey) navigate(key);
      }
      if (action === 'all') handleCloseAll();
    },
  });

  // The close cross is drawn inside the tab for the mouse, and hidden from readers: a button in a
  // tablist is not a tab (axe aria-required-children). The keyboard closes the focused tab with
  // Delete, and the arrows move between tabs (antd's tablist).
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Delete') return;
    const tab = (event.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    const key = tab?.querySelector<HTMLElement>('[data-tab]')?.dataset.tab;
    if (key) {
      event.preventDefault();
      handleClose(key);
    }
  };

  // The list of tabs, not antd's nav with its "…" button, is the tablist (ui/tablist.ts).
  const bar = useRef<HTMLDivElement>(null);
  useTablistOnTabs(bar);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only listens for Delete on the tabs it holds.
    <div className="tabs-bar" ref={bar} onKeyDown={handleKeyDown}>
      <Tabs
        type="card"
        size="small"
        activeKey={activeKey}
        // onTabClick, not onChange: while a lazily loaded view is still arriving, React keeps the
        // previous screen (and its active tab) on show although the URL already moved on, and
        // antd's onChange stays silent for a click on that still-highlighted tab.
        onTabClick={(key) => {
          if (key !== window.location.pathname + window.location.search) navigate(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          label: (
            <Dropdown menu={menuFor(tab.key)} trigger={['contextMenu']}>
              <span className="tab-label" data-tab={tab.key}>
                {titleText(tab.title)}
                {!isLastHome(tab.key) && (
                  // The keyboard closes a tab with Delete (handleKeyDown).
                  <span
                    className="tab-close"
                    aria-hidden="true"
                    title={t('tabs.close')}
                    onClick={(event) => {
                      event.stopPropagation();
                      handleClose(tab.key);
                    }}
                  >
                    <CloseOutlined />
                  </span>
                )}
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown menu={menuFor(activeKey)} trigger={['click']}>
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('tabs.closeAll')}
          className="tabs-actions"
        />
      </Dropdown>
    </div>
  );
}
