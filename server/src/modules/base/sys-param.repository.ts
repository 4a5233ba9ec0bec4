import type { Db } from '../../core/db/index.js';

export async function findParamByKey(db: Db, keyName: string) {
  return db
    .selectFrom('base_sys_param')
    .select(['keyName', 'data', 'dataType'])
    .where('keyName', '=', keyName)
    .executeTakeFirst();
}
