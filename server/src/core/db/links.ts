import type { Db } from './index.js';
import { asLoose } from './index.js';

/**
 * A join table of two ids (user ↔ role, role ↔ menu, role ↔ department): reading one side's
 * links grouped by owner, and replacing an owner's links.
 */
export function linkTable(table: string, owner: string, other: string) {
  return {
    async grouped(db: Db, owners: readonly number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>();
      if (owners.length === 0) return out;
      const rows = (await asLoose(db)
        .selectFrom(table)
        .select([owner, other])
        .where(owner, 'in', [...owners])
        .orderBy('id')
        .execute()) as Array<Record<string, number>>;
      for (const row of rows) {
        const key = Number(row[owner]);
        out.set(key, [...(out.get(key) ?? []), Number(row[other])]);
      }
      return out;
    },
    async replace(db: Db, ownerId: number, ids: readonly number[]) {
      await asLoose(db).deleteFrom(table).where(owner, '=', ownerId).execute();
      const unique = [...new Set(ids)];
      if (unique.length > 0) {
        await asLoose(db)
          .insertInto(table)
          .values(unique.map((id) => ({ [owner]: ownerId, [other]: id })))
          .execute();
      }
    },
  };
}
