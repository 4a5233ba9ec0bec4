import {
  DICT_LABEL_COLUMNS,
  type DictData,
  type DictType,
  dictInfo,
  dictItemLabels,
  dictWireValue,
  type Locale,
  makesCycle,
  withDescendants,
} from '@backroom/contract';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest } from '../../core/errors.js';
import { itemsParentsFirst, nullableId, requiredText } from './dict.rules.js';
import { dataItems, deleteItems, hasChildren, itemNode, itemNodes, itemsByIds } from './dict-info.repository.js';
import { allTypes, typeExists, typesByKeys } from './dict-type.repository.js';

type Row = Record<string, unknown>;

export type DictInfoService = CrudService & {
  /** Every type (the open types call). */
  types(): Promise<DictType[]>;
  /** Type key → its items by orderNum, named in this language; every type when no keys are given. */
  data(keys: readonly string[] | undefined, locale: Locale): Promise<DictData>;
};

/**
 * Dictionary items: a tree inside one type. A parent must be an item of the same type and never
 * the item itself or one below it; deleting an item deletes everything below it, all recorded in
 * the recycle bin in the same transaction. Values need not be unique (docs/spec.md §3 and the family's
 * server do not ask for it); an empty value stands for the item's id.
 */
export function createDictInfoService(ctx: AppContext): DictInfoService {
  const crud = createCrud(ctx, dictInfo, {
    async beforeWrite(data, _input, { trx, existing }) {
      const out: Row = { ...data };
      if (data.name !== undefined) out.name = requiredText(data.name, dictInfo.columns.name.label);
      for (const column of Object.values(DICT_LABEL_COLUMNS)) {
        if (data[column] === undefined) continue;
        const text = typeof data[column] === 'string' ? data[column].trim() : '';
        out[column] = text === '' ? null : text;
      }
      if (data.value !== undefined) {
        const value = typeof data.value === 'string' ? data.value.trim() : '';
        out.value = value === '' ? null : value;
      }
      const typeId = out.typeId !== undefined ? Number(out.typeId) : Number(existing?.typeId);
      if (out.typeId !== undefined && !(await typeExists(trx, typeId))) throw badRequest('dict.typeMissing');
      const typeChanged = existing !== undefined && out.typeId !== undefined && typeId !== Number(existing.typeId);
      // Children stay in their type: an item with children cannot move to another type.
      if (typeChanged && (await hasChildren(trx, Number(existing.id)))) {
        throw badRequest('dict.typeChangeWithChildren');
      }
      const parentId = out.parentId !== undefined ? nullableId(out.parentId) : nullableId(existing?.parentId);
      if (parentId !== null && (out.parentId !== undefined || typeChanged)) {
        const parent = await itemNode(trx, parentId);
        if (!parent) throw badRequest('dict.parentMissing');
        if (parent.typeId !== typeId) throw badRequest('dict.parentOtherType');
        if (existing && makesCycle(await itemNodes(trx, [typeId]), Number(existing.id), parentId)) {
          throw badRequest('dict.cycle');
        }
      }
      return out;
    },
    async beforeDelete(rows, _session, trx) {
      // Everything below the chosen items goes with them.
      const ids = new Set(rows.map((r) => Number(r.id)));
      const nodes = await itemNodes(
        trx,
        rows.map((r) => Number(r.typeId)),
      );
      const below = [...withDescendants(nodes, ids)].filter((id) => !ids.has(id));
      if (below.length === 0) return [];
      const children = await itemsByIds(trx, below);
      await deleteItems(trx, below);
      return [{ table: dictInfo.table, rows: itemsParentsFirst(children) }];
    },
  });

  return {
    ...crud,
    async types() {
      return (await allTypes(ctx.db.db)) as DictType[];
    },
    async data(keys, locale) {
      const types = await typesByKeys(ctx.db.db, keys && keys.length > 0 ? keys : undefined);
      const entries: Array<[string, DictData[string]]> = [];
      const byType = new Map<number, DictData[string]>();
      for (const type of types) {
        const list: DictData[string] = [];
        entries.push([type.key, list]);
        byType.set(Number(type.id), list);
      }
      // Own keys whatever a type's key is (`__proto__`, `constructor`): a plain assignment would not make one.
      const out: DictData = Object.fromEntries(entries);
      for (const item of await dataItems(
        ctx.db.db,
        types.map((t) => Number(t.id)),
      )) {
        const id = Number(item.id);
        const labels = dictItemLabels(item);
        byType.get(Number(item.typeId))?.push({
          id,
          typeId: Number(item.typeId),
          name: labels[locale],
          labels,
          value: dictWireValue(item.value, id),
          orderNum: Number(item.orderNum),
          parentId: nullableId(item.parentId),
        });
      }
      return out;
    },
  };
}
