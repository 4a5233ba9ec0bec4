import { type DictType, dictInfo, dictType } from '@backroom/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../core/app-feedback';
import { useEntityList } from '../../../core/crud/parts';
import { usePerm } from '../../../core/permission';
import { call } from '../../../core/request';

/** Everything of the dictionary the screen and useDict cache: invalidated together after a change. */
const DICT_KEY = ['dict'] as const;
const TYPES_KEY = ['dict', 'types'] as const;
export const itemsKey = (typeId: number) => ['dict', 'items', typeId] as const;

/**
 * The dictionary screen's types: the list, the chosen one (the first while none is chosen or the
 * chosen one is gone), and deleting a type after saying how many items go with it.
 */
export function useDictTypes() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const { canList, query } = useEntityList(dictType, TYPES_KEY);
  const canListItems = usePerm(dictInfo.perms.list);
  const [chosenId, setChosenId] = useState<number>();

  const list = query.data ?? [];
  const chosen = list.find((type) => type.id === chosenId) ?? list[0];

  const refreshAll = () => queryClient.invalidateQueries({ queryKey: DICT_KEY });

  const remove = async (type: DictType) => {
    const count = canListItems ? (await call(dictInfo.api.list, { typeId: type.id })).length : undefined;
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
        await call(dictType.api.delete, { ids: [type.id] });
        void message.success(t('crud.deleted'));
        if (chosenId === type.id) setChosenId(undefined);
        await refreshAll();
      },
    });
  };

  return { canList, canListItems, query, list, chosen, choose: setChosenId, refreshAll, remove };
}
