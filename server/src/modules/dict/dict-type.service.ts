import { DICT_KEY_PATTERN, dictInfo, dictType } from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { itemsParentsFirst, requiredText } from './dict.rules.js';
import { deleteItemsOfTypes, itemsOfTypes } from './dict-info.repository.js';

type Row = Record<string, unknown>;

export type DictTypeService = CrudService;

/**
 * Dictionary types: the standard calls, a key that is a code and unique, and a delete that takes
 * the type's items along (recorded in the recycle bin with the type, in the same transaction).
 */
export function createDictTypeService(ctx: AppContext): DictTypeService {
  return createCrud(ctx, dictType, {
    beforeWrite(data) {
      const out: Row = { ...data };
      if (data.name !== undefined) out.name = requiredText(data.name, dictType.columns.name.label);
      if (data.key !== undefined) {
        const key = requiredText(data.key, dictType.columns.key.label);
        if (!DICT_KEY_PATTERN.test(key)) throw badRequest('dict.keyFormat');
        out.key = key;
      }
      return out;
    },
    async beforeDelete(rows, _session, trx) {
      const typeIds = rows.map((r) => Number(r.id));
      const items = await itemsOfTypes(trx, typeIds);
      await deleteItemsOfTypes(trx, typeIds);
      return items.length > 0 ? [{ table: dictInfo.table, rows: itemsParentsFirst(items) }] : [];
    },
  });
}
