import { PlusOutlined } from '@ant-design/icons';
import { type DictInfo, type DictType, dictInfo } from '@backroom/contract';
import { Button, Empty, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { LoadError, RefreshButton } from '../../../core/crud/parts';
import { plannedWidth } from '../../../core/crud/table-width';
import { deferredDialog } from '../../../core/lazy';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { TreeTableSearch } from '../../../ui/tree-table-search';
import { useItemTree } from '../hooks/use-item-tree';
import { type ItemRow, useItemColumns } from './item-columns';
import { type ItemDraft, ItemForm } from './item-form';
import { nextOrderNum } from './item-order';

// An item's history (core/crud/history.tsx) loads the first time someone opens one.
const HistoryDrawer = deferredDialog(
  () => import('../../../core/crud/history').then((m) => m.HistoryDrawer),
  (props) => props.record !== null,
);

/**
 * The chosen type's items as a tree: added at the top level or below another, edited, reordered in
 * place and deleted with everything below them; each item's History shows its events.
 */
export function ItemTable({ type, compact, onChanged }: { type: DictType; compact: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  // Action buttons keep their words where there is room; elsewhere icons with tooltips.
  const iconOnly = useScreen() !== 'xl';
  const can = {
    add: usePerm(dictInfo.perms.add),
    update: usePerm(dictInfo.perms.update),
    delete: usePerm(dictInfo.perms.delete),
  };
  const [draft, setDraft] = useState<ItemDraft | null>(null);
  const [history, setHistory] = useState<{ id: number; name: string } | null>(null);
  const items = useItemTree(type);
  const { query, rows } = items;

  const columns = useItemColumns({
    rows,
    can,
    compact,
    iconOnly,
    onAddChild: (row) => setDraft({ mode: 'add', parentId: row.id, orderNum: nextOrderNum(rows, row.id) }),
    onEdit: (row) => setDraft({ mode: 'edit', item: row }),
    onDelete: async (row: DictInfo) => {
      await call(dictInfo.api.delete, { ids: [row.id] });
      void message.success(t('crud.deleted'));
      onChanged();
    },
    onOrder: async (row: DictInfo, orderNum: number) => {
      await call(dictInfo.api.update, { id: row.id, orderNum });
      void message.success(t('crud.saved'));
      onChanged();
    },
    onHistory: (row) => setHistory({ id: row.id, name: row.name }),
  });

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const emptyText = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={rows.length === 0 ? t('dict.noItems') : t('dict.noItemMatch')}
    >
      {rows.length === 0 && can.add && (
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          onClick={() => setDraft({ mode: 'add', parentId: null, orderNum: 1 })}
        >
          {t('dict.addItem')}
        </Button>
      )}
    </Empty>
  );

  return (
    <div className="crud dict-items">
      <div className="dict-items-head">
        <span className="dict-items-title">{type.name}</span>
        <Tag className="dict-code dict-key-tag">{type.key}</Tag>
        <span className="dict-muted">{t('dict.itemCount', { count: rows.length })}</span>
      </div>
      <div className="crud-toolbar">
        <Space wrap>
          <RefreshButton onRefresh={() => void query.refetch()} />
          {can.add && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="dict-add-item"
              onClick={() => setDraft({ mode: 'add', parentId: null, orderNum: nextOrderNum(rows, null) })}
            >
              {t('dict.addItem')}
            </Button>
          )}
        </Space>
        <TreeTableSearch
          placeholder={t('dict.searchItems')}
          value={items.keyword}
          onChange={items.setKeyword}
          width={220}
          allExpanded={items.allExpanded}
          noBranches={items.parentIds.length === 0}
          labels={{ expand: t('dict.expandAll'), collapse: t('dict.collapseAll') }}
          onToggleAll={items.toggleAll}
        />
      </div>
      <Table<ItemRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items.shown}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: compact ? (plannedWidth(columns) ?? 'max-content') : 820 }}
        locale={{ emptyText: query.isLoading ? ' ' : emptyText }}
        expandable={{
          expandedRowKeys: items.expandedKeys,
          onExpand: (expanded, row) => items.toggle(row.id, expanded),
          indentSize: 20,
        }}
      />
      <HistoryDrawer entity={dictInfo} record={history} onClose={() => setHistory(null)} />
      <ItemForm
        type={type}
        items={rows}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={(parentId) => {
          setDraft(null);
          // Open the parent so the new or moved item shows.
          if (parentId !== null) items.open(parentId);
          onChanged();
        }}
      />
    </div>
  );
}
