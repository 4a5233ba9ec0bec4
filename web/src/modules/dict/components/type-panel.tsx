import {
  BookOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  MoreOutlined,
  PlusOutlined,
  ReloadOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { type DictType, dictType } from '@backroom/contract';
import { Button, Dropdown, Empty, Input, type MenuProps, Spin, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePerm } from '../../../core/permission';

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
  const listShown = !compact || open;

  const menuOf = (type: DictType): MenuProps => ({
    items: [
      ...(canUpdate ? [{ key: 'edit', icon: <EditOutlined />, label: t('dict.editType') }] : []),
      ...(canDelete ? [{ key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('dict.deleteType') }] : []),
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'edit') onEdit(type);
      else if (key === 'delete') onDelete(type);
    },
  });
  const hasActions = canUpdate || canDelete;

  const handleSelect = (id: number) => {
    onSelect(id);
    if (compact) setOpen(false);
  };

  return (
    <section className={`dict-types${compact ? ' compact' : ''}`} aria-label={t('dict.types')}>
      <div className="dict-types-head">
        <BookOutlined />
        <span className="dict-types-title">{t('dict.types')}</span>
        {compact && selected && <Tag className="dict-types-current">{selected.name}</Tag>}
        <span className="dict-types-tools">
          <Tooltip title={t('crud.refresh')}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('crud.refresh')}
              onClick={onRefresh}
            />
          </Tooltip>
          {canAdd && (
            <Tooltip title={t('dict.addType')}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                aria-label={t('dict.addType')}
                data-testid="dict-add-type"
                onClick={onAdd}
              />
            </Tooltip>
          )}
          {compact && (
            <Button
              type="text"
              size="small"
              icon={open ? <UpOutlined /> : <DownOutlined />}
              aria-expanded={open}
              aria-label={open ? t('dict.hideTypes') : t('dict.showTypes')}
              onClick={() => setOpen(!open)}
            />
          )}
        </span>
      </div>
      {listShown && (
        <div className="dict-types-body">
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
            <div className="dict-empty">
              <Spin />
            </div>
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
                    {hasActions && (
                      <Dropdown menu={menuOf(type)} trigger={['click']}>
                        <Button
                          type="text"
                          size="small"
                          className="dict-type-more"
                          icon={<MoreOutlined />}
                          aria-label={t('dict.typeActions', { name: type.name })}
                        />
                      </Dropdown>
                    )}
                  </li>
                );
                return hasActions ? (
                  <Dropdown key={type.id} menu={menuOf(type)} trigger={['contextMenu']}>
                    {row}
                  </Dropdown>
                ) : (
                  row
                );
              })}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
