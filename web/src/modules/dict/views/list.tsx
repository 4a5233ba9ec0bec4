import { Empty, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../core/crud/parts';
import { useScreen } from '../../../core/screen';
import { ItemTable } from '../components/item-table';
import { type TypeDraft, TypeForm } from '../components/type-form';
import { TypePanel } from '../components/type-panel';
import { useDictTypes } from '../hooks/use-dict-types';
import '../dict.css';

/**
 * Dictionary management: the types on the left (above on phones), the chosen type's items as a
 * tree on the right. A type is deleted with all its items.
 */
export default function DictList() {
  const { t } = useTranslation();
  const compact = useScreen() === 'xs';
  const types = useDictTypes();
  const [typeDraft, setTypeDraft] = useState<TypeDraft | null>(null);
  const { query, chosen } = types;

  if (!types.canList) return <Result status="403" title={t('error.403')} />;
  if (query.isError && !query.data) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;

  return (
    <div className={`tree-panel-layout dict-view${compact ? ' compact' : ''}`}>
      <TypePanel
        types={types.list}
        loading={query.isFetching}
        selectedId={chosen?.id}
        onSelect={types.choose}
        onRefresh={() => void types.refreshAll()}
        onAdd={() => setTypeDraft({ mode: 'add' })}
        onEdit={(type) => setTypeDraft({ mode: 'edit', type })}
        onDelete={(type) => void types.remove(type)}
        compact={compact}
      />
      <div className="tree-panel-main">
        {chosen && types.canListItems ? (
          <ItemTable key={chosen.id} type={chosen} compact={compact} onChanged={() => void types.refreshAll()} />
        ) : (
          <div className="crud dict-placeholder">
            {query.isLoading ? null : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={types.list.length === 0 ? t('dict.noTypes') : t('dict.chooseType')}
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
          types.choose(id);
          void types.refreshAll();
        }}
      />
    </div>
  );
}
