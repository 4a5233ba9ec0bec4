import type { Generated, Kysely } from 'kysely';
import type { Db } from '../../core/db/index.js';

type Base = { id: Generated<number>; createTime: string; updateTime: string };

export type DictTypeTable = Base & { name: string; key: string };

export type DictInfoTable = Base & {
  typeId: number;
  name: string;
  value: string | null;
  orderNum: number;
  remark: string | null;
  parentId: number | null;
};

/** The dictionary's tables, typed for this module's repositories (core's schema lists only core's). */
export type DictDatabase = { dict_type: DictTypeTable; dict_info: DictInfoTable };

export type DictDb = Kysely<DictDatabase>;

/** The same connection or transaction, seen with the dictionary's tables. */
export function dictDb(db: Db): DictDb {
  return db as unknown as DictDb;
}
