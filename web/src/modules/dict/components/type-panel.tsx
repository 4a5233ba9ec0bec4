import { BookOutlined, PlusOutlined } from '@ant-design/icons';
import { type DictType, dictType } from '@backroom/contract';
import { Button, Dropdown, Empty, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';
import { NodeMoreButton, nodeActionItems, nodeMenu, TreePanel, TreePanelLoading } from '../../../ui/tree-panel';

type Props = {
  types: readonly DictType[];
  loading: boolean;
  selectedId: number | undefined;
  onSelect: (id: number) => void;
  onRefresh: () => void;
  onAdd: () => void;
  onEdit: (type: DictType) => void;
  onDelete: (type: DictType) => void;
  /** Phones: the list folds away above the items and closes after a choice. */
  compact: boolean;
};

/**
 * The dictionary types beside the items: choose one to see its items; each row's menu (the ⋯
 * button or a right click) edits or deletes it. What the user may not do is not offered.
 */
export function TypePanel({
  types,
  loading,
  selectedId,
  onSelect,
  onRefresh,
  onAdd,
  onEdit,
  onDelete,
  compact,
}: Props) {
  const { t } = useTranslation();
  const canAdd = usePerm(dictType.perms.add);
  const canUpdate = usePerm(dictType.perms.update);
  const canDelete = usePerm(dictType.perms.delete);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');

  const shown = useMemo(() => {
    const word = keyword.trim().toLowerCase();
    if (!word) return types;
    return types.filter((type) => type.name.toLowerCase().includes(word) || type.key.toLowerCase().includes(word));
  }, [types, keyword]);
  const selected = types.find((type) => type.id === selectedId);
  const actions = nodeActionItems({
    edit: canUpdate ? t('dict.editType') : undefined,
    remove: canDelete ? { label: t('dict.deleteType') } : undefined,
  });
  const menuOf = (type: DictType) =>
    nodeMenu(actions, (key) => {
      if (key === 'edit') onEdit(type);
      else if (key === 'delete') onDelete(type);
    });

  const handleSelect = (id: number) => {
    onSelect(id);
    if (compact) setOpen(false);
  };

  const list = (
    <ul className="dict-type-list">
      {shown.map((type) => {
        const active = type.id === selectedId;
        const row = (
          <li key={type.id} className={`dict-type${active ? ' active' : ''}`} data-testid="dict-type-row">
            <button
              type="button"
              className="dict-type-main"
              aria-current={active ? 'true' : undefined}
              onClick={() => handleSelect(type.id)}
            >
              <span className="dict-type-name">{type.name}</span>
              <span className="dict-type-key">{type.key}</span>
            </button>
            {actions.length > 0 && (
              <NodeMoreButton menu={menuOf(type)} label={t('dict.typeActions', { name: type.name })} />
            )}
          </li>
        );
        return actions.length > 0 ? (
          <Dropdown key={type.id} menu={menuOf(type)} trigger={['contextMenu']}>
            {row}
          </Dropdown>
        ) : (
          row
        );
      })}
    </ul>
  );

  return (
    <TreePanel
      className="dict-types"
      icon={<BookOutlined />}
      title={t('dict.types')}
      compact={compact}
      open={open}
      onOpenChange={setOpen}
      foldLabels={{ show: t('dict.showTypes'), hide: t('dict.hideTypes') }}
      current={selected && { name: selected.name }}
      refresh={{ label: t('crud.refresh'), onClick: onRefresh }}
      add={canAdd ? { label: t('dict.addType'), onClick: onAdd, testId: 'dict-add-type' } : undefined}
    >
      {types.length > 6 && (
        <Input.Search
          allowClear
          size="small"
          className="dict-types-search"
          placeholder={t('dict.searchTypes')}
          aria-label={t('dict.searchTypes')}
          value={keyword}
          maxLength={100}
          onChange={(e) => setKeyword(e.target.value)}
        />
      )}
      {loading && types.length === 0 ? (
        <TreePanelLoading />
      ) : shown.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={types.length === 0 ? t('dict.noTypes') : t('dict.noTypeMatch')}
        >
          {types.length === 0 && canAdd && (
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={onAdd}>
              {t('dict.addType')}
            </Button>
          )}
        </Empty>
      ) : (
        list
      )}
    </TreePanel>
  );
}
