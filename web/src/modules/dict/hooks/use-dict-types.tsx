import { type DictType, dictInfo, dictType } from '@backroom/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
const FILLED_KEY = ['dict', 'filled'] as const;

/** The type the screen opens on: the first that has items, else the first (types ordered as listed). */
export function openingType<T extends { id: number }>(types: readonly T[], filled: ReadonlySet<number> | undefined) {
  return (filled && types.find((type) => filled.has(type.id))) ?? types[0];
}

/**
 * The dictionary screen's types: the list, the chosen one (while none is chosen or the chosen one
 * is gone, the first that has items, so the screen never opens on an empty one while another has
 * entries), and deleting a type after saying how many items go with it.
 */
export function useDictTypes() {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const { canList, query } = useEntityList(dictType, TYPES_KEY);
  const canListItems = usePerm(dictInfo.perms.list);
  const [chosenId, setChosenId] = useState<number>();

  // Which types hold items: the dictionaries are small, so one list of all items tells.
  const filled = useQuery({
    queryKey: FILLED_KEY,
    queryFn: async () => new Set((await call(dictInfo.api.list, {})).map((item) => item.typeId)),
    enabled: canListItems && chosenId === undefined,
  });

  const list = query.data ?? [];
  const chosen = list.find((type) => type.id === chosenId) ?? openingType(list, filled.data);

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
