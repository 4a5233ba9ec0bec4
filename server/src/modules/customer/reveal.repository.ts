import type { Db } from '../../core/db/index.js';
import { formatTime } from '../../core/db/index.js';

export type RevealEntry = { userId: number; target: string; recordId: number; field: string; reason: string };

/** One audit row of a masked field shown in clear; written in the transaction that read the value. */
export async function insertRevealLog(trx: Db, entry: RevealEntry): Promise<void> {
  const now = formatTime();
  await trx
    .insertInto('customer_reveal_log')
    .values({ ...entry, createTime: now, updateTime: now })
    .execute();
}
