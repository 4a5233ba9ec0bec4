import { AppstoreAddOutlined, DownloadOutlined, PlusOutlined, SafetyOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { RefreshButton } from '../../../core/crud/parts';
import { TreeTableSearch } from '../../../ui/tree-table-search';
import type { MenuList } from '../hooks/use-menu-list';

type Props = {
  list: MenuList;
  can: { add: boolean; export: boolean; import: boolean; create: boolean };
  onAdd: () => void;
  onQuickAdd: () => void;
  onEntityCreate: () => void;
  onImport: () => void;
};

/** Above the menu table: refresh, add, the permission quick-add, an entity's screen, export and import; search and open-all. */
export function MenuToolbar({ list, can, onAdd, onQuickAdd, onEntityCreate, onImport }: Props) {
  const { t } = useTranslation();
  const count = list.selected.length;
  return (
    <div className="crud-toolbar">
      <Space wrap>
        <RefreshButton onRefresh={() => void list.query.refetch()} />
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd}>
            {t('crud.add')}
          </Button>
        )}
        {can.add && (
          <Button icon={<SafetyOutlined />} onClick={onQuickAdd}>
            {t('base.menu.quick.button')}
          </Button>
        )}
        {can.create && (
          <Button icon={<AppstoreAddOutlined />} onClick={onEntityCreate}>
            {t('base.menu.entity.button')}
          </Button>
        )}
        {can.export && (
          <Button icon={<DownloadOutlined />} loading={list.exporting} onClick={() => void list.exportChosen()}>
            {count > 0 ? t('base.menu.export.buttonCount', { count }) : t('base.menu.export.button')}
          </Button>
        )}
        {can.import && (
          <Button icon={<UploadOutlined />} onClick={onImport}>
            {t('base.menu.import.button')}
          </Button>
        )}
      </Space>
      <TreeTableSearch
        placeholder={t('base.menu.search')}
        value={list.keyword}
        onChange={list.search}
        width={240}
        allExpanded={list.allExpanded}
        labels={{ expand: t('base.menu.expandAll'), collapse: t('base.menu.collapseAll') }}
        onToggleAll={list.toggleAll}
      />
    </div>
  );
}
