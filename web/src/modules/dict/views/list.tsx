import {
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  type DictInfo,
  type DictType,
  descendantsOf,
  dictInfo,
  dictType,
  filterTree,
  type TableNode,
} from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Popconfirm, Result, Space, Table, type TableColumnType, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, RefreshButton } from '../../../core/crud/parts';
import type { Locale } from '../../../core/i18n';
import { usePerm } from '../../../core/permission';
import { api } from '../../../core/request';
import { useScreen } from '../../../core/screen';
import { OrderCell } from '../../../ui/order-cell';
import { itemTree, nextOrderNum } from '../components/dict-data';
import { type ItemDraft, ItemForm } from '../components/item-form';
import { type TypeDraft, TypeForm } from '../components/type-form';
import { TypePanel } from '../components/type-panel';
import '../dict.css';
import { useFeedback } from '../../../core/app-feedback';

/** Everything of the dictionary the screen and useDict cache: invalidated together after a change. */
const DICT_KEY = ['dict'] as const;
const TYPES_KEY = ['dict', 'types'] as const;
const itemsKey = (typeId: number) => ['dict', 'items', typeId] as const;

type ItemRow = TableNode<DictInfo>;

/**
 * Dictionary management: the types on the left (above on phones), the chosen type's items as a
 * tree on the right. Items are added at the top level or below another, edited, reordered in
 * place and deleted with everything below them; a type is deleted with all its items.
 */
export default function DictList() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const compact = useScreen() === 'xs';
  const canListTypes = usePerm(dictType.perms.list);
  const canListItems = usePerm(dictInfo.perms.list);
  const [chosenId, setChosenId] = useState<number>();
  const [typeDraft, setTypeDraft] = useState<TypeDraft | null>(null);

  const types = useQuery({
    queryKey: TYPES_KEY,
    queryFn: () => api.post<DictType[]>(`${dictType.prefix}/list`, {}),
    enabled: canListTypes,
  });
  const typeList = types.data ?? [];
  // The chosen type, or the first one while none is chosen (or the chosen one is gone).
  const chosen = typeList.find((type) => type.id === chosenId) ?? typeList[0];

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: DICT_KEY });

  const handleDeleteType = async (type: DictType) => {
    const count = canListItems
      ? (await api.post<DictInfo[]>(`${dictInfo.prefix}/list`, { typeId: type.id })).length
      : undefined;
    modal.confirm({
      title: t('dict.deleteTypeConfirm', { name: type.name }),
      content: (
        <>
          {count !== undefined && <p>{count > 0 ? t('dict.deleteTypeItems', { count }) : t('dict.deleteTypeEmpty')}</p>}
          <p className="dict-muted">{t('dict.recycleHint')}</p>
        </>
      ),
      okText: t('crud.delete'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: async () => {
        await api.post(`${dictType.prefix}/delete`, { ids: [type.id] });
        void message.success(t('crud.deleted'));
        if (chosenId === type.id) setChosenId(undefined);
        await refreshAll();
      },
    });
  };

  if (!canListTypes) return <Result status="403" title={t('error.403')} />;
  if (types.isError && !types.data) return <LoadError error={types.error} onRetry={() => void types.refetch()} />;

  return (
    <div className={`tree-panel-layout dict-view${compact ? ' compact' : ''}`}>
      <TypePanel
        types={typeList}
        loading={types.isFetching}
        selectedId={chosen?.id}
        onSelect={setChosenId}
        onRefresh={() => void refreshAll()}
        onAdd={() => setTypeDraft({ mode: 'add' })}
        onEdit={(type) => setTypeDraft({ mode: 'edit', type })}
        onDelete={(type) => void handleDeleteType(type)}
        compact={compact}
      />
      <div className="tree-panel-main">
        {chosen && canListItems ? (
          <ItemTable key={chosen.id} type={chosen} compact={compact} onChanged={() => void refreshAll()} />
        ) : (
          <div className="crud dict-placeholder">
            {types.isLoading ? null : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={typeList.length === 0 ? t('dict.noTypes') : t('dict.chooseType')}
              />
            )}
          </div>
        )}
      </div>
      <TypeForm
        draft={typeDraft}
        onClose={() => setTypeDraft(null)}
        onSaved={(id) => {
          setTypeDraft(null);
          setChosenId(id);
          void refreshAll();
        }}
      />
    </div>
  );
}

function ItemTable({ type, compact, onChanged }: { type: DictType; compact: boolean; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language as Locale;
  const { message } = useFeedback();
  const screen = useScreen();
  // Action buttons keep their words where there is room; elsewhere icons with tooltips.
  const iconOnly = screen !== 'xl';
  const canAdd = usePerm(dictInfo.perms.add);
  const canUpdate = usePerm(dictInfo.perms.update);
  const canDelete = usePerm(dictInfo.perms.delete);
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState<ItemDraft | null>(null);

  const query = useQuery({
    queryKey: itemsKey(type.id),
    queryFn: () => api.post<DictInfo[]>(`${dictInfo.prefix}/list`, { typeId: type.id }),
  });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const tree = useMemo(() => itemTree(rows), [rows]);
  const word = keyword.trim().toLowerCase();
  const shown = useMemo(
    () =>
      word
        ? filterTree(tree, (r) => r.name.toLowerCase().includes(word) || (r.value ?? '').toLowerCase().includes(word))
        : tree,
    [tree, word],
  );
  const parentIds = useMemo(() => rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id), [rows]);
  // Every item starts open; the ones the user folds stay folded. A search opens everything.
  const expandedKeys = word ? parentIds : parentIds.filter((id) => !collapsed.has(id));
  const allExpanded = parentIds.length > 0 && expandedKeys.length === parentIds.length;

  const handleOrder = async (row: DictInfo, orderNum: number) => {
    await api.post(`${dictInfo.prefix}/update`, { id: row.id, orderNum });
    void message.success(t('crud.saved'));
    onChanged();
  };

  const handleDelete = async (row: DictInfo) => {
    await api.post(`${dictInfo.prefix}/delete`, { ids: [row.id] });
    void message.success(t('crud.deleted'));
    onChanged();
  };

  const label = (key: keyof typeof dictInfo.columns) => dictInfo.columns[key].label[locale];

  // biome-ignore lint/correctness/useExhaustiveDependencies: labels follow the language through t.
  const columns = useMemo(() => {
    const list: TableColumnType<ItemRow>[] = [
      {
        key: 'name',
        dataIndex: 'name',
        title: label('name'),
        width: compact ? 140 : 200,
        fixed: compact ? undefined : 'left',
        ellipsis: true,
      },
      {
        key: 'value',
        dataIndex: 'value',
        title: label('value'),
        width: compact ? 110 : 160,
        ellipsis: { showTitle: false },
        render: (value: string | null, row) =>
          value === null || value === '' ? (
            <span className="dict-muted" title={t('dict.valueIsIdTitle', { id: row.id })}>
              {row.id} <Tag className="dict-id-tag">{t('dict.valueIsId')}</Tag>
            </span>
          ) : (
            <Tooltip title={value} placement="topLeft">
              <span className="dict-code">{value}</span>
            </Tooltip>
          ),
      },
      {
        key: 'orderNum',
        dataIndex: 'orderNum',
        title: (
          <Tooltip title={t('dict.orderHint')}>
            <span>{label('orderNum')}</span>
          </Tooltip>
        ),
        width: compact ? 70 : 80,
        render: (value: number, row) => (
          <OrderCell
            key={`${row.id}-${value}`}
            value={value}
            editable={canUpdate}
            onSave={(next) => handleOrder(row, next)}
            hint={t('dict.orderHint')}
            buttonLabel={`${t('dict.orderEdit')}: ${row.name} (${value})`}
            inputLabel={`${t('dict.orderEdit')}: ${row.name}`}
          />
        ),
      },
      // A phone shows what identifies and orders an item; remark and time wait for a wider screen.
      ...(compact
        ? []
        : [
            // No width: the remark takes what the others leave.
            { key: 'remark', dataIndex: 'remark', title: label('remark'), ellipsis: true },
            { key: 'updateTime', dataIndex: 'updateTime', title: t('crud.updateTime'), width: 170 },
          ]),
    ];
    if (canAdd || canUpdate || canDelete) {
      list.push({
        key: '__actions',
        title: t('crud.actions'),
        // Kept in view on every screen: the other columns scroll beneath it.
        fixed: 'right',
        width: iconOnly ? 112 : 250,
        render: (_: unknown, row) => {
          const below = descendantsOf(rows, row.id).size;
          const action = (text: string) => (iconOnly ? undefined : text);
          return (
            <Space size={0}>
              {canAdd && (
                <Tooltip title={iconOnly ? t('dict.addChild') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    icon={<PlusOutlined />}
                    aria-label={`${t('dict.addChild')}: ${row.name}`}
                    onClick={() => setDraft({ mode: 'add', parentId: row.id, orderNum: nextOrderNum(rows, row.id) })}
                  >
                    {action(t('dict.addChild'))}
                  </Button>
                </Tooltip>
              )}
              {canUpdate && (
                <Tooltip title={iconOnly ? t('crud.edit') : undefined}>
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={`${t('crud.edit')}: ${row.name}`}
                    onClick={() => setDraft({ mode: 'edit', item: row })}
                  >
                    {action(t('crud.edit'))}
                  </Button>
                </Tooltip>
              )}
              {canDelete && (
                <Popconfirm
                  placement="left"
                  title={t('dict.deleteItemConfirm', { name: row.name })}
                  description={
                    <div className="dict-confirm">
                      {below > 0 && <div>{t('dict.deleteChildren', { count: below })}</div>}
                      <div className="dict-muted">{t('dict.recycleHint')}</div>
                    </div>
                  }
                  okText={t('crud.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => handleDelete(row)}
                >
                  <span>
                    <Tooltip title={iconOnly ? t('crud.delete') : undefined}>
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('crud.delete')}: ${row.name}`}
                      >
                        {action(t('crud.delete'))}
                      </Button>
                    </Tooltip>
                  </span>
                </Popconfirm>
              )}
            </Space>
          );
        },
      });
    }
    return list;
  }, [rows, canAdd, canUpdate, canDelete, compact, iconOnly, t, locale]);

  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  const emptyText = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={rows.length === 0 ? t('dict.noItems') : t('dict.noItemMatch')}
    >
      {rows.length === 0 && canAdd && (
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
          {canAdd && (
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
        <Space wrap className="crud-search">
          <Input.Search
            allowClear
            placeholder={t('dict.searchItems')}
            aria-label={t('dict.searchItems')}
            value={keyword}
            maxLength={100}
            onChange={(e) => setKeyword(e.target.value)}
            style={{ width: 220 }}
          />
          <Tooltip title={allExpanded ? t('dict.collapseAll') : t('dict.expandAll')}>
            <Button
              icon={allExpanded ? <NodeCollapseOutlined /> : <NodeExpandOutlined />}
              aria-label={allExpanded ? t('dict.collapseAll') : t('dict.expandAll')}
              disabled={parentIds.length === 0}
              onClick={() => setCollapsed(allExpanded ? new Set(parentIds) : new Set())}
            />
          </Tooltip>
        </Space>
      </div>
      <Table<ItemRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={query.isFetching}
        pagination={false}
        scroll={{ x: compact ? 'max-content' : 820 }}
        locale={{ emptyText: query.isLoading ? ' ' : emptyText }}
        expandable={{
          expandedRowKeys: expandedKeys,
          onExpand: (expanded, row) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (expanded) next.delete(row.id);
              else next.add(row.id);
              return next;
            }),
          indentSize: 20,
        }}
      />
      <ItemForm
        type={type}
        items={rows}
        draft={draft}
        onClose={() => setDraft(null)}
        onSaved={(parentId) => {
          setDraft(null);
          // Open the parent so the new or moved item shows.
          if (parentId !== null) setCollapsed((c) => new Set([...c].filter((id) => id !== parentId)));
          onChanged();
        }}
      />
    </div>
  );
}
